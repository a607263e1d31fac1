//! The fonts bundled for the languages the app speaks and the games'
//! regional names (Devanagari, Gujarati, Kannada, Malayalam, Tamil, Telugu;
//! licence: `ui/fonts/OFL.txt`). They are made the
//! fallback for their scripts rather than imported into the `.slint` files:
//! an imported font is used only where a text names its family, so a name
//! inside Latin text (a rules page, "Chaupat · ચોપાટ") would otherwise be a
//! blank gap wherever the system has no font for its script.

use crate::language::Language;
use slint::fontique_011::fontique::{Blob, FallbackKey, Script};
use std::sync::Arc;

/// Each script's ISO 15924 code, the family of its bundled font, and the
/// font.
const SCRIPT_FONTS: [([u8; 4], &str, &[u8]); 6] = [
    (
        *b"Deva",
        "Noto Sans Devanagari",
        include_bytes!("../../ui/fonts/NotoSansDevanagari-Regular.ttf"),
    ),
    (
        *b"Gujr",
        "Noto Sans Gujarati",
        include_bytes!("../../ui/fonts/NotoSansGujarati-Regular.ttf"),
    ),
    (
        *b"Knda",
        "Noto Sans Kannada",
        include_bytes!("../../ui/fonts/NotoSansKannada-Regular.ttf"),
    ),
    (
        *b"Mlym",
        "Noto Sans Malayalam",
        include_bytes!("../../ui/fonts/NotoSansMalayalam-Regular.ttf"),
    ),
    (
        *b"Taml",
        "Noto Sans Tamil",
        include_bytes!("../../ui/fonts/NotoSansTamil-Regular.ttf"),
    ),
    (
        *b"Telu",
        "Noto Sans Telugu",
        include_bytes!("../../ui/fonts/NotoSansTelugu-Regular.ttf"),
    ),
];

/// The family of the font bundled for `language`'s script, to be the
/// window's default font while it is spoken; "" (the system's own) for
/// English. A line in one font is shaped as one run: parley 0.11, under
/// Slint 1.18, mismeasures a run that starts after another on the same
/// line when it holds multi-character clusters (as Indic syllables are),
/// and with the system's font first every space began a new run. The
/// font's own line height also keeps tall vowel signs inside the line.
pub fn family_for(language: Language) -> &'static str {
    SCRIPT_FONTS
        .iter()
        .find(|(code, _, _)| *code == language.script())
        .map_or("", |(_, family, _)| family)
}

/// Adds each bundled font to the end of its script's fallback list in
/// Slint's font collection (the system's own fonts for the script, if any,
/// come first). Does nothing for a script whose list already has it, so
/// every window of the process may call it.
pub fn add_script_fallbacks() {
    let mut collection = slint::fontique_011::shared_collection();
    for (code, family, data) in SCRIPT_FONTS {
        let key = FallbackKey::new(Script::from_bytes(code), None);
        let present = collection
            .fallback_families(key)
            .collect::<Vec<_>>()
            .into_iter()
            .any(|id| collection.family_name(id) == Some(family));
        if present {
            continue;
        }
        let fonts = collection.register_fonts(Blob::new(Arc::new(data)), None);
        collection.append_fallbacks(key, fonts.iter().map(|(id, _)| *id));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slint::fontique_011::fontique;

    #[test]
    fn each_language_but_english_is_drawn_in_its_scripts_bundled_font() {
        assert_eq!(family_for(Language::English), "");
        assert_eq!(family_for(Language::Marathi), "Noto Sans Devanagari");
        for language in Language::ALL.into_iter().skip(1) {
            let family = family_for(language);
            let (code, _, _) = SCRIPT_FONTS.iter().find(|f| f.1 == family).unwrap();
            assert_eq!(*code, language.script(), "{language}");
        }
    }

    #[test]
    fn each_bundled_font_is_the_family_named_for_its_script() {
        for (code, family, data) in SCRIPT_FONTS {
            let mut collection = fontique::Collection::new(fontique::CollectionOptions {
                shared: false,
                system_fonts: false,
            });
            let fonts = collection.register_fonts(Blob::new(Arc::new(data)), None);
            let names: Vec<_> = fonts
                .iter()
                .filter_map(|(id, _)| collection.family_name(*id).map(str::to_owned))
                .collect();
            assert_eq!(
                names,
                [family],
                "the font for {:?}",
                Script::from_bytes(code)
            );
        }
    }
}
