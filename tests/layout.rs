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

/// A file's code without its comments (doc comments and links in them
/// name modules a file does not use) and without the text of its string
/// literals.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    let mut block_depth = 0usize;
    while let Some(c) = chars.next() {
        if block_depth > 0 {
            if c == '*' && chars.peek() == Some(&'/') {
                chars.next();
                block_depth -= 1;
            } else if c == '/' && chars.peek() == Some(&'*') {
                chars.next();
                block_depth += 1;
            } else if c == '\n' {
                out.push('\n');
            }
            continue;
        }
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => {
                    in_string = false;
                    out.push('"');
                }
                '\n' => out.push('\n'),
                _ => {}
            }
            continue;
        }
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                block_depth = 1;
            }
            '"' => {
                in_string = true;
                out.push('"');
            }
            // A char literal such as '"' or '{' (a lifetime has no closing quote).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let mut r = rest.chars();
                match (r.next(), r.next(), r.next()) {
                    (Some('\\'), Some(_), Some('\'')) => {
                        chars.nth(2);
                    }
                    (Some(_), Some('\''), _) => {
                        chars.nth(1);
                    }
                    _ => out.push('\''),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The paths of a `use` tree (`a::{b, c::d}` is `a::b` and `a::c::d`).
fn use_paths(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or("").to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(use_paths)
        .map(|p| match p.as_str() {
            "self" => prefix.trim_end_matches("::").to_string(),
            _ => format!("{prefix}{p}"),
        })
        .collect()
}

/// Every path of a file that names a module of the crate (`crate::`,
/// `super::` and `self::` paths, in `use` statements and in code alike;
/// re-exports aside: they say where a thing is found, not what a module
/// needs), each with the module it is written in (a file's inline
/// `mod tests` is a module of its own).
fn imports(text: &str, module: &[String]) -> Vec<(Vec<String>, String)> {
    let code = code_of(text);
    let mut out = Vec::new();
    let mut inline_tests = false;
    let mut statement: Option<(bool, String)> = None;
    for line in code.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("mod tests {") {
            inline_tests = true;
        }
        let mut base = module.to_vec();
        if inline_tests {
            base.push("tests".into());
        }
        if statement.is_none() {
            let re_export = trimmed.starts_with("pub use ") || trimmed.starts_with("pub(");
            if let Some(at) = trimmed.find("use ").filter(|&at| {
                at == 0 || (re_export && trimmed[..at].trim_end().ends_with(['b', ')']))
            }) {
                statement = Some((re_export, trimmed[at + "use ".len()..].to_string()));
            } else {
                for path in code_paths(trimmed) {
                    out.push((base.clone(), path));
                }
                continue;
            }
        } else if let Some((_, s)) = statement.as_mut() {
            s.push_str(trimmed);
        }
        if statement.as_ref().is_some_and(|(_, s)| s.ends_with(';')) {
            let (re_export, s) = statement.take().expect("a statement");
            if !re_export {
                for path in use_paths(s.trim_end_matches(';')) {
                    out.push((base.clone(), path));
                }
            }
        }
    }
    out
}

/// The `crate::`, `super::` and `self::` paths in a line of code (a
/// macro's `$crate::` too).
fn code_paths(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    for head in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = line[from..].find(head).map(|i| i + from) {
            from = at + head.len();
            if at > 0 && ident(bytes[at - 1]) {
                continue;
            }
            // A path that an earlier head already began (`super::super::`).
            if at >= 2 && &line[at - 2..at] == "::" {
                continue;
            }
            let end = line[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(line.len(), |i| i + at);
            out.push(line[at..end].trim_end_matches(':').to_string());
        }
    }
    out
}

/// The module a path names: the longest of `known` it starts with.
fn target(from: &[String], path: &str, known: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut at: Vec<String> = match parts.first().copied() {
        Some("crate") => {
            parts.remove(0);
            Vec::new()
        }
        Some("super" | "self") => {
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
    for name in parts {
        if name.is_empty() || name == "*" {
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

/// Which module stands on which, among siblings: a path from `a` to `b`
/// makes the child of their common parent that holds `a` stand on the
/// one that holds `b` (`rules::games::chopat` naming
/// `rules::games::pagade` makes `chopat` stand on `pagade`; `haptics`
/// naming `sound::cues` makes `haptics` stand on `sound`). A module and
/// the modules inside it are one piece; test modules stand on whatever
/// they test, and are left out.
fn module_graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
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
            if from.iter().any(|p| p == "tests") {
                continue;
            }
            let Some(to) = target(&from, &path, &known) else {
                continue;
            };
            let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if shared < from.len() && shared < to.len() {
                edges
                    .entry(from[..=shared].to_vec())
                    .or_default()
                    .insert(to[..=shared].to_vec());
            }
        }
    }
    edges
}

/// Panics with the cycle when modules under `within` stand on each
/// other round; more than `least` such steps among them make sure they
/// were read at all.
fn assert_no_cycle(within: &[&str], least: usize) {
    let edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = module_graph()
        .into_iter()
        .filter(|(from, _)| {
            from.starts_with(&within.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        })
        .collect();
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > least,
        "the paths between the modules of {within:?} were not read"
    );
    if let Some(cycle) = find_cycle(&edges) {
        let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
        panic!("modules stand on each other: {}", names.join(" -> "));
    }
}

#[test]
fn no_module_of_the_rules_imports_one_that_imports_it_back() {
    assert_no_cycle(&["rules"], 50);
}

/// Each screen's controller stands on the game's model and the shared
/// helpers, never on another screen's controller that stands on it.
#[test]
fn no_module_of_the_app_imports_one_that_imports_it_back() {
    assert_no_cycle(&["app"], 20);
}

/// The whole crate: the engine, the sound, the vibrator, the store and
/// the app, each standing on the ones below it.
#[test]
fn no_module_of_the_crate_imports_one_that_imports_it_back() {
    assert_no_cycle(&[], 100);
}

/// Paths in code count as much as `use` lines; comments, strings and
/// re-exports do not.
#[test]
fn every_path_to_a_module_is_read() {
    let text = "use super::{card::RuleCard, moves::{Move, SLOTS}};\n\
                pub use player::Output;\n\
                pub use super::flags::Ool;\n\
                pub(crate) use self::node::Node;\n\
                // crate::sound::landing_ms in a comment\n\
                fn f() { super::pagade::START[0]; crate::sound::landing_ms(1, 2); let s = \"crate::app\"; }\n";
    let module = vec![
        "rules".to_string(),
        "games".to_string(),
        "chopat".to_string(),
    ];
    let paths: Vec<String> = imports(text, &module).into_iter().map(|(_, p)| p).collect();
    assert_eq!(
        paths,
        [
            "super::card::RuleCard",
            "super::moves::Move",
            "super::moves::SLOTS",
            "crate::sound::landing_ms",
            "super::pagade::START",
        ]
    );
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
