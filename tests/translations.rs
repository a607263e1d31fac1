//! The app's own words in every language it speaks: each catalogue
//! (`lang/<code>/LC_MESSAGES/chaupar.po`) translates every message of the
//! template (`lang/chaupar.pot`, made from the `.slint` sources by
//! `slint-tr-extractor`), none is left fuzzy or obsolete, and each
//! translation keeps the placeholders (`{}`, `{0}`, `{n}`) of its English,
//! which `msgfmt --check` cannot see.

use chaupar::language::Language;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// One message of a catalogue: its context and English (and English
/// plural), and its translations (one per plural form).
#[derive(Debug, Default, Clone)]
struct Message {
    context: String,
    id: String,
    plural: Option<String>,
    strings: Vec<String>,
    fuzzy: bool,
}

/// The messages of a `.po` or `.pot` file, without the header, and whether
/// it keeps obsolete (`#~`) messages.
fn read_catalogue(path: &Path) -> (Vec<Message>, bool) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut messages = Vec::new();
    let mut obsolete = false;
    let mut current = Message::default();
    // Which string a continuation line ("...") adds to.
    let mut field: Option<(&str, usize)> = None;
    let mut flush = |m: &mut Message| {
        if !m.id.is_empty() {
            messages.push(std::mem::take(m));
        } else {
            *m = Message::default();
        }
    };
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("#~") {
            obsolete = true;
            continue;
        }
        if line.starts_with("#,") && line.contains("fuzzy") {
            current.fuzzy = true;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            if line.is_empty() {
                flush(&mut current);
                field = None;
            }
            continue;
        }
        let (key, rest) = match line.split_once(' ') {
            Some((key, rest)) if !line.starts_with('"') => (key, rest),
            _ => ("", line),
        };
        let value = unquote(rest);
        match key {
            "msgctxt" => {
                if !current.id.is_empty() {
                    flush(&mut current);
                }
                current.context = value;
                field = Some(("ctx", 0));
            }
            "msgid" => {
                if !current.id.is_empty() || !current.strings.is_empty() {
                    let context = std::mem::take(&mut current.context);
                    flush(&mut current);
                    current.context = context;
                }
                current.id = value;
                field = Some(("id", 0));
            }
            "msgid_plural" => {
                current.plural = Some(value);
                field = Some(("plural", 0));
            }
            k if k.starts_with("msgstr") => {
                current.strings.push(value);
                field = Some(("str", current.strings.len() - 1));
            }
            "" => match field {
                Some(("ctx", _)) => current.context.push_str(&value),
                Some(("id", _)) => current.id.push_str(&value),
                Some(("plural", _)) => current.plural.get_or_insert_default().push_str(&value),
                Some(("str", i)) => current.strings[i].push_str(&value),
                _ => panic!("{}: a string outside a message: {line}", path.display()),
            },
            other => panic!("{}: unknown keyword {other}", path.display()),
        }
    }
    flush(&mut current);
    (messages, obsolete)
}

/// A quoted `.po` string's text, its escapes read.
fn unquote(quoted: &str) -> String {
    let inner = quoted
        .trim()
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or_else(|| panic!("not a quoted string: {quoted}"));
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The placeholders of a message, sorted: `{}`, `{0}`, `{n}`...
fn placeholders(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        match rest[start..].find('}') {
            Some(len) => {
                found.push(rest[start..start + len + 1].to_string());
                rest = &rest[start + len + 1..];
            }
            None => break,
        }
    }
    found.sort();
    found
}

fn lang_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lang")
}

/// Every problem of one language's catalogue against the template.
fn problems(template: &[Message], code: &str) -> Vec<String> {
    let path = lang_dir().join(code).join("LC_MESSAGES/chaupar.po");
    if !path.exists() {
        return vec![format!("{}: missing", path.display())];
    }
    let (messages, obsolete) = read_catalogue(&path);
    problems_of(template, code, &messages, obsolete)
}

fn problems_of(
    template: &[Message],
    code: &str,
    messages: &[Message],
    obsolete: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    if obsolete {
        out.push(format!("{code}: keeps obsolete messages (#~)"));
    }
    let by_key: BTreeMap<(String, String), &Message> = messages
        .iter()
        .map(|m| ((m.context.clone(), m.id.clone()), m))
        .collect();
    for english in template {
        let key = (english.context.clone(), english.id.clone());
        let Some(translated) = by_key.get(&key) else {
            out.push(format!(
                "{code}: no translation of {:?} ({})",
                english.id, english.context
            ));
            continue;
        };
        if translated.fuzzy {
            out.push(format!("{code}: {:?} is fuzzy", english.id));
        }
        if translated.plural != english.plural {
            out.push(format!("{code}: {:?} has another plural", english.id));
        }
        if translated.strings.is_empty() || translated.strings.iter().any(String::is_empty) {
            out.push(format!("{code}: {:?} is not translated", english.id));
        }
        for (i, string) in translated.strings.iter().enumerate() {
            let source = if i > 0 {
                english.plural.as_ref().unwrap_or(&english.id)
            } else {
                &english.id
            };
            // A plural's forms may leave out the number where the language
            // says "one" in words; every other placeholder is kept.
            let (mut want, mut have) = (placeholders(source), placeholders(string));
            if english.plural.is_some() {
                want.retain(|p| p != "{n}");
                have.retain(|p| p != "{n}");
            }
            if want != have && !string.is_empty() {
                out.push(format!(
                    "{code}: {:?} → {string:?} changes the placeholders",
                    english.id
                ));
            }
        }
    }
    for m in messages {
        if !template
            .iter()
            .any(|t| t.context == m.context && t.id == m.id)
        {
            out.push(format!("{code}: {:?} is not in the template", m.id));
        }
    }
    out
}

#[test]
fn every_language_translates_every_message_with_its_placeholders() {
    let (template, _) = read_catalogue(&lang_dir().join("chaupar.pot"));
    assert!(
        template.len() > 50,
        "the template was not read: {} messages",
        template.len()
    );
    let all: Vec<String> = Language::ALL
        .into_iter()
        .skip(1)
        .flat_map(|language| problems(&template, language.code()))
        .collect();
    assert!(all.is_empty(), "{}", all.join("\n"));
}

/// A translation's characters that would break its line into runs of
/// other fonts or scripts (letters of the Latin alphabet, symbols the
/// script's bundled font lacks), leaving the placeholders aside.
fn foreign(string: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut in_placeholder = false;
    for c in string.chars() {
        match c {
            '{' => in_placeholder = true,
            '}' => in_placeholder = false,
            _ if in_placeholder => {}
            'A'..='Z' | 'a'..='z' | '·' | '→' => out.push(c),
            _ => {}
        }
    }
    out
}

/// Every language but English is written in its own script throughout: a
/// Latin word or a symbol from another font amid it makes Slint 1.18
/// mismeasure the rest of the line (see docs/languages.md), which is then
/// drawn past its edge.
#[test]
fn every_translation_keeps_to_its_script() {
    let all: Vec<String> = Language::ALL
        .into_iter()
        .skip(1)
        .flat_map(|language| {
            let path = lang_dir()
                .join(language.code())
                .join("LC_MESSAGES/chaupar.po");
            let (messages, _) = read_catalogue(&path);
            messages
                .into_iter()
                .flat_map(|m| m.strings)
                .filter(|s| !foreign(s).is_empty())
                .map(move |s| format!("{language}: {s:?} has {:?}", foreign(&s)))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(all.is_empty(), "{}", all.join("\n"));
    assert_eq!(
        foreign("{0} x {1} · Space"),
        ['x', '·', 'S', 'p', 'a', 'c', 'e']
    );
    assert!(foreign("{n} ಕಾಯಿಗಳು, {0} – {1}").is_empty());
}

#[test]
fn a_catalogue_reader_sees_contexts_plurals_continuations_and_escapes() {
    let dir = std::env::temp_dir().join(format!("chaupar-po-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.po");
    fs::write(
        &path,
        "msgid \"\"\nmsgstr \"Content-Type: text/plain\"\n\n#, fuzzy\nmsgctxt \"Speed\"\nmsgid \"Off\"\nmsgstr \"बंद\"\n\nmsgid \"{n} pawn\"\nmsgid_plural \"{n} pawns\"\nmsgstr[0] \"{n} गोटी\"\nmsgstr[1] \"{n} \"\n\"गोटियाँ\"\n\nmsgid \"Say \\\"hi\\\"\"\nmsgstr \"\"\n\n#~ msgid \"old\"\n#~ msgstr \"पुराना\"\n",
    )
    .unwrap();
    let (messages, obsolete) = read_catalogue(&path);
    fs::remove_dir_all(&dir).unwrap();
    assert!(obsolete);
    assert_eq!(messages.len(), 3);
    assert_eq!(
        (messages[0].context.as_str(), messages[0].id.as_str()),
        ("Speed", "Off")
    );
    assert!(messages[0].fuzzy);
    assert_eq!(messages[1].plural.as_deref(), Some("{n} pawns"));
    assert_eq!(messages[1].strings, ["{n} गोटी", "{n} गोटियाँ"]);
    assert_eq!(messages[2].id, "Say \"hi\"");
    assert_eq!(
        placeholders("{0} of {1}, {} and {n}"),
        ["{0}", "{1}", "{n}", "{}"]
    );
}

#[test]
fn a_lost_placeholder_a_fuzzy_or_missing_message_and_a_stray_one_are_found() {
    let template = vec![
        Message {
            id: "Delete {0}, {1}".into(),
            strings: vec![String::new()],
            ..Message::default()
        },
        Message {
            context: "Speed".into(),
            id: "Off".into(),
            strings: vec![String::new()],
            ..Message::default()
        },
    ];
    let translated = |id: &str, context: &str, text: &str, fuzzy: bool| Message {
        id: id.into(),
        context: context.into(),
        strings: vec![text.into()],
        fuzzy,
        plural: None,
    };
    let good = [
        translated("Delete {0}, {1}", "", "{0} मिटाएँ, {1}", false),
        translated("Off", "Speed", "बंद", false),
    ];
    assert!(problems_of(&template, "hi", &good, false).is_empty());
    let lost = [
        translated("Delete {0}, {1}", "", "{0} मिटाएँ", false),
        translated("Off", "Speed", "बंद", true),
        translated("Stray", "", "x", false),
    ];
    let found = problems_of(&template, "hi", &lost, true);
    for expected in [
        "changes the placeholders",
        "is fuzzy",
        "not in the template",
        "obsolete",
    ] {
        assert!(
            found.iter().any(|p| p.contains(expected)),
            "{expected}: {found:?}"
        );
    }
    let found = problems_of(&template, "hi", &good[..1], false);
    assert!(
        found
            .iter()
            .any(|p| p.contains("no translation of \"Off\"")),
        "{found:?}"
    );
}
