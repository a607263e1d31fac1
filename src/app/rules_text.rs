//! The Rules screen's blocks: a rules page (`crate::rules_pages`) as the
//! Rules page draws it, **bold** rendered as bold.

use super::{RuleBlock, RuleBlockKind};
use crate::rules_pages::{blocks, BlockKind};
use slint::{ModelRc, StyledText, VecModel};
use std::rc::Rc;

/// The blocks as the Rules page takes them, **bold** rendered as bold. A
/// block whose letters come from more than one script (a Kannada paragraph
/// naming the game in Gujarati, an English one in Devanagari) also comes
/// as its words, each laid out on its own: Slint 1.18 (parley 0.11)
/// mismeasures the text after a change of script within one wrapped text,
/// so such a paragraph would run past its right edge.
pub fn rule_blocks(text: &str) -> Vec<RuleBlock> {
    blocks(text)
        .into_iter()
        .map(|block| {
            let words: Vec<StyledText> = if mixes_scripts(&block.plain) {
                words(&block.markdown)
                    .iter()
                    .map(|w| styled(&inline(w), w))
                    .collect()
            } else {
                Vec::new()
            };
            RuleBlock {
                kind: match block.kind {
                    BlockKind::Title => RuleBlockKind::Title,
                    BlockKind::Heading => RuleBlockKind::Heading,
                    BlockKind::Paragraph => RuleBlockKind::Paragraph,
                    BlockKind::Bullet => RuleBlockKind::Bullet,
                },
                text: styled(&block.markdown, &block.plain),
                words: ModelRc::from(Rc::new(VecModel::from(words))),
                plain: block.plain.into(),
            }
        })
        .collect()
}

fn styled(markdown: &str, plain: &str) -> StyledText {
    StyledText::from_markdown(markdown).unwrap_or_else(|_| StyledText::from_plain_text(plain))
}

/// A word as Markdown that stays inline: on its own, "+" or "-" would
/// begin a list, "1." a numbered one, "#" a heading, ">" a quote.
fn inline(word: &str) -> String {
    let numbered = word.len() > 1
        && word.ends_with(['.', ')'])
        && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit());
    if word.starts_with(['+', '-', '#', '>', '=']) {
        format!("\\{word}")
    } else if numbered {
        format!("{}\\{}", &word[..word.len() - 1], &word[word.len() - 1..])
    } else {
        word.to_string()
    }
}

/// The script a letter belongs to, as far as fonts go: one of the nine
/// Indic blocks from Devanagari to Malayalam (U+0900 to U+0D7F, 128 code
/// points each), numbered 1 to 9, or any other, 0.
fn script(c: char) -> Option<usize> {
    c.is_alphabetic().then(|| match c as u32 {
        code @ 0x0900..=0x0D7F => 1 + (code as usize - 0x0900) / 0x80,
        _ => 0,
    })
}

/// Whether `text` is mostly in an Indic script with letters of another
/// among them. (In a mostly Latin text the runs after a change of script
/// are Latin, which the mismeasure spares: it needs clusters of several
/// characters.)
fn mixes_scripts(text: &str) -> bool {
    let mut counts = [0usize; 10];
    for script in text.chars().filter_map(script) {
        counts[script] += 1;
    }
    let scripts = counts.iter().filter(|&&n| n > 0).count();
    let main = (0..counts.len()).max_by_key(|&i| counts[i]).unwrap_or(0);
    scripts > 1 && main != 0
}

/// The words of a block's Markdown, split at spaces, each with the inline
/// marks (`**`, `*`, `` ` ``) open around it closed after it and opened
/// again before the next.
fn words(markdown: &str) -> Vec<String> {
    let mut words = Vec::new();
    // The marks open, outermost first; those open where the word began.
    let mut open: Vec<&str> = Vec::new();
    let mut at_start = String::new();
    let mut word = String::new();
    let mut chars = markdown.chars().peekable();
    while let Some(c) = chars.next() {
        let in_code = open.last() == Some(&"`");
        let mark = match c {
            '\\' if !in_code => {
                word.push(c);
                word.extend(chars.next());
                continue;
            }
            '`' => "`",
            '*' if !in_code && chars.peek() == Some(&'*') => {
                chars.next();
                "**"
            }
            '*' if !in_code => "*",
            ' ' => {
                if !word.is_empty() {
                    let closing: String = open.iter().rev().copied().collect();
                    words.push(format!("{at_start}{word}{closing}"));
                    word.clear();
                }
                at_start = open.concat();
                continue;
            }
            _ => {
                word.push(c);
                continue;
            }
        };
        word.push_str(mark);
        if open.last() == Some(&mark) {
            open.pop();
        } else {
            open.push(mark);
        }
    }
    if !word.is_empty() {
        words.push(format!("{at_start}{word}"));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_mixes_scripts_when_its_letters_do() {
        assert!(mixes_scripts("ಚೋಪಾಟ್ ಅಥವಾ ಚೌಪಾಟ್ (ಗುಜರಾತಿಯಲ್ಲಿ ચોપાટ)"));
        assert!(!mixes_scripts("Chopat (ચોપાટ in Gujarati)"), "mostly Latin");
        assert!(mixes_scripts("ಕಾಯಿಗಳನ್ನು ಸೋಗಠಿ (Sogthi) ಎಂದೂ"));
        assert!(!mixes_scripts("ಒಟ್ಟು 96 ಮನೆಗಳು: 4 + 3 = 7."));
        assert!(!mixes_scripts("Chopat is played on a cross-shaped board."));
        assert!(
            !mixes_scripts("मराठी आणि हिंदी"),
            "one script, two languages"
        );
        assert!(mixes_scripts("ಕನ್ನಡ සිංහල ಕನ್ನಡ"), "Sinhala, past the nine");
    }

    #[test]
    fn each_word_keeps_the_marks_around_it() {
        assert_eq!(
            words("the **Home square** is *safe*, say `khim now`."),
            [
                "the",
                "**Home**",
                "**square**",
                "is",
                "*safe*,",
                "say",
                "`khim`",
                "`now`.",
            ]
        );
        assert_eq!(words(r"a \*b  c"), [r"a", r"\*b", "c"]);
        assert_eq!(words("**ಪಗಡೆ** (ಪಗಡೆಯಾಟ)"), ["**ಪಗಡೆ**", "(ಪಗಡೆಯಾಟ)"]);
    }

    #[test]
    fn a_word_alone_never_begins_a_list_or_heading() {
        for (word, reads) in [
            ("+", "+"),
            ("-", "-"),
            ("1.", "1."),
            ("12)", "12)"),
            ("#3", "#3"),
        ] {
            let text = StyledText::from_markdown(&inline(word)).unwrap();
            // The one paragraph reads as the word did, not as "• ".
            let paragraph = format!("StyledTextParagraph {{ text: {reads:?}, formatting: []");
            assert!(format!("{text:?}").contains(&paragraph), "{word}: {text:?}");
        }
        assert_eq!(inline("ಆಕಾರದ"), "ಆಕಾರದ");
        assert_eq!(inline("1.5"), "1.5");
    }

    #[test]
    fn only_a_block_of_mixed_scripts_comes_as_its_words() {
        let page = "# ಚೋಪಾಟ್\n\nಚೋಪಾಟ್ (ચોપાટ) + **ಓಟದ** ಆಟ.\n\nಒಂದೇ ಲಿಪಿ.\n";
        let blocks = rule_blocks(page);
        use slint::Model;
        let counts: Vec<usize> = blocks.iter().map(|b| b.words.row_count()).collect();
        assert_eq!(counts, [0, 5, 0]);
    }
}
