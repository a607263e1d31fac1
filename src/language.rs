//! The languages the app speaks. English is the source; the others are
//! translated: the app's words in `lang/<code>/LC_MESSAGES/chaupar.po`,
//! the rules pages in `docs/rules/<code>/`.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Language {
    #[default]
    English,
    Hindi,
    Gujarati,
    Marathi,
    Kannada,
    Telugu,
    Tamil,
    Malayalam,
}

impl Language {
    pub const ALL: [Language; 8] = [
        Language::English,
        Language::Hindi,
        Language::Gujarati,
        Language::Marathi,
        Language::Kannada,
        Language::Telugu,
        Language::Tamil,
        Language::Malayalam,
    ];

    /// The language's code (ISO 639-1), as on the command line, in the
    /// settings and in the names of the translations' folders.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Hindi => "hi",
            Language::Gujarati => "gu",
            Language::Marathi => "mr",
            Language::Kannada => "kn",
            Language::Telugu => "te",
            Language::Tamil => "ta",
            Language::Malayalam => "ml",
        }
    }

    /// The ISO 15924 code of the script it is written in.
    pub fn script(self) -> [u8; 4] {
        match self {
            Language::English => *b"Latn",
            Language::Hindi | Language::Marathi => *b"Deva",
            Language::Gujarati => *b"Gujr",
            Language::Kannada => *b"Knda",
            Language::Telugu => *b"Telu",
            Language::Tamil => *b"Taml",
            Language::Malayalam => *b"Mlym",
        }
    }

    /// The language of a code such as `ta`, or of a locale such as
    /// `ta_IN.UTF-8` or `ta-IN` (what systems and browsers give).
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the system's preferred locales (`ta_IN`, `hi-IN`,
    /// in order of preference) that the app speaks, else English.
    pub fn first_spoken<S: AsRef<str>>(locales: impl IntoIterator<Item = S>) -> Language {
        locales
            .into_iter()
            .find_map(|locale| Language::from_code(locale.as_ref()))
            .unwrap_or_default()
    }

    /// Every code, for a message that lists them.
    pub fn codes() -> String {
        Language::ALL.map(Language::code).join(", ")
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_locales_name_their_language() {
        for language in Language::ALL {
            assert_eq!(Language::from_code(language.code()), Some(language));
        }
        assert_eq!(Language::from_code("ta_IN.UTF-8"), Some(Language::Tamil));
        assert_eq!(Language::from_code("kn-IN"), Some(Language::Kannada));
        assert_eq!(Language::from_code("HI"), Some(Language::Hindi));
        assert_eq!(Language::from_code("fr_FR"), None);
        assert_eq!(Language::from_code(""), None);
        assert_eq!(Language::codes(), "en, hi, gu, mr, kn, te, ta, ml");
    }

    #[test]
    fn the_first_preferred_locale_the_app_speaks_is_chosen() {
        assert_eq!(
            Language::first_spoken(["fr-FR", "ml-IN", "hi-IN"]),
            Language::Malayalam
        );
        assert_eq!(Language::first_spoken(["de_DE.UTF-8"]), Language::English);
        assert_eq!(
            Language::first_spoken(Vec::<String>::new()),
            Language::English
        );
    }
}
