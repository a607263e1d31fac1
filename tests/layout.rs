//! The code stays easy to find one's way in: no module of the rules, or of
//! the app, imports one that imports it back, and no file of either grows
//! past what a reader takes in at once.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Lines a source file of the rules or the app may have.
const MOST_LINES: usize = 700;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file holds, as a path from the crate root.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The `use` paths of a file (re-exports aside: they say where a thing is
/// found, not what a module needs), each with the module it is written in
/// (a file's inline `mod tests` is a module of its own).
fn imports(text: &str, module: &[String]) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    let mut inline_tests = false;
    let mut statement: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("mod tests {") {
            inline_tests = true;
        }
        if let Some(s) = statement.as_mut() {
            s.push_str(trimmed);
        } else if trimmed.starts_with("use ") {
            statement = Some(trimmed.to_string());
        }
        if statement.as_ref().is_some_and(|s| s.ends_with(';')) {
            let s = statement.take().expect("a statement");
            let mut base = module.to_vec();
            if inline_tests {
                base.push("tests".into());
            }
            out.push((base, s["use ".len()..s.len() - 1].to_string()));
        }
    }
    out
}

/// The module a `use` path names: the longest of `known` it starts with.
fn target(from: &[String], path: &str, known: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let head: String = path.split(['{', ':']).next().unwrap_or("").to_string();
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut at: Vec<String> = match head.as_str() {
        "crate" => {
            parts.remove(0);
            Vec::new()
        }
        "super" | "self" => {
            let mut at = from.to_vec();
            while parts.first().is_some_and(|&p| p == "super" || p == "self") {
                if parts.remove(0) == "super" {
                    at.pop();
                }
            }
            at
        }
        // Another crate, or a name in scope.
        _ => return None,
    };
    let mut best = known.contains(&at).then(|| at.clone());
    for p in parts {
        let name = p.trim_start_matches('{');
        if name.is_empty() || name.contains(['{', '}', ',', '*', ' ']) {
            break;
        }
        at.push(name.to_string());
        if known.contains(&at) {
            best = Some(at.clone());
        }
    }
    best
}

/// A cycle among the modules, if there is one.
fn find_cycle(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<Vec<String>>> {
    fn visit(
        m: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        stack: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(m.clone());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, edges, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|m| visit(m, edges, &mut Vec::new(), &mut done))
}

/// The imports between the modules under `src/<dir>`, by module.
fn module_graph(dir: &str) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src.join(dir), &mut files);
    let mut known: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    for f in &files {
        let mut tests = module_of(&src, f);
        tests.push("tests".into());
        known.insert(tests);
    }
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for f in &files {
        let text = fs::read_to_string(f).expect("a readable source");
        let module = module_of(&src, f);
        for (from, path) in imports(&text, &module) {
            let Some(to) = target(&from, &path, &known) else {
                continue;
            };
            // A module's own tests use it: that is no cycle of the code.
            let inside = |a: &Vec<String>, b: &Vec<String>| a.starts_with(b) || b.starts_with(a);
            if to != from && to.first().is_some_and(|t| t == dir) && !inside(&from, &to) {
                edges.entry(from).or_default().insert(to);
            }
        }
    }
    edges
}

/// Panics with the cycle when modules under `src/<dir>` import each other
/// round; `least` imports between them make sure they were read at all.
fn assert_no_cycle(dir: &str, least: usize) {
    let edges = module_graph(dir);
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > least,
        "the imports between the modules of {dir} were not read"
    );
    if let Some(cycle) = find_cycle(&edges) {
        let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
        panic!("modules of {dir} import each other: {}", names.join(" -> "));
    }
}

#[test]
fn no_module_of_the_rules_imports_one_that_imports_it_back() {
    assert_no_cycle("rules", 50);
}

/// Each screen's controller stands on the game's model and the shared
/// helpers, never on another screen's controller that stands on it.
#[test]
fn no_module_of_the_app_imports_one_that_imports_it_back() {
    assert_no_cycle("app", 20);
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let m = |s: &str| vec![s.to_string()];
    let mut edges = BTreeMap::new();
    edges.insert(m("a"), BTreeSet::from([m("b")]));
    edges.insert(m("b"), BTreeSet::from([m("c")]));
    assert_eq!(find_cycle(&edges), None);
    edges.insert(m("c"), BTreeSet::from([m("a")]));
    assert_eq!(
        find_cycle(&edges),
        Some(vec![m("a"), m("b"), m("c"), m("a")])
    );
}

#[test]
fn no_file_of_the_rules_or_the_app_is_longer_than_a_reader_takes_in() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src.join("rules"), &mut files);
    sources(&src.join("app"), &mut files);
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, fs::read_to_string(f).expect("readable").lines().count()))
        .filter(|&(_, n)| n > MOST_LINES)
        .map(|(f, n)| format!("{} ({n} lines)", f.display()))
        .collect();
    assert!(long.is_empty(), "longer than {MOST_LINES} lines: {long:?}");
}

#[test]
fn each_game_has_its_rule_card() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/games");
    for file in [
        "pagade",
        "chopat",
        "chaupar",
        "chaupar_akbar",
        "chowka_bhara",
    ] {
        let text = fs::read_to_string(games.join(format!("{file}.rs"))).expect("a card");
        assert!(
            text.contains("impl RuleCard for"),
            "{file}.rs has no rule card"
        );
    }
}
