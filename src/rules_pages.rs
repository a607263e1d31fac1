//! The rules pages: each game's rules in every language the app speaks
//! (`docs/rules/<game>.md` in English, `docs/rules/<code>/<game>.md` in
//! the others), built into the app, and read as Markdown into the blocks
//! the Rules screen draws: the title, headings, paragraphs and bullets,
//! each with its bold. A translation keeps its English page's structure
//! block for block ([`differences`]), which the tests check for every page.

use crate::language::Language;
use crate::rules::Game;
use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};

// `PAGES`: (language code, game id, Markdown) of every page found under
// docs/rules when the crate was built (see build.rs).
include!(concat!(env!("OUT_DIR"), "/rules_pages.rs"));

/// A game's rules page in `language`, or in English where that language
/// has none, with the language it is in.
pub fn page(game: Game, language: Language) -> (&'static str, Language) {
    page_in(PAGES, game, language)
}

fn page_in(
    pages: &[(&str, &str, &'static str)],
    game: Game,
    language: Language,
) -> (&'static str, Language) {
    let find = |language: Language| {
        pages
            .iter()
            .find(|(code, id, _)| *code == language.code() && *id == game.id())
            .map(|(_, _, text)| (*text, language))
    };
    find(language)
        .or_else(|| find(Language::English))
        .expect("every game has its English rules page")
}

/// The title of a game's rules page in `language` (its first heading).
pub fn title(game: Game, language: Language) -> String {
    blocks(page(game, language).0)
        .into_iter()
        .find(|b| b.kind == BlockKind::Title)
        .map_or_else(|| game.title().to_string(), |b| b.plain)
}

/// Whether `language` has its own page for `game`.
pub fn is_translated(game: Game, language: Language) -> bool {
    page(game, language).1 == language
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum BlockKind {
    Title,
    #[default]
    Heading,
    Paragraph,
    Bullet,
}

/// One block of a rules page: a title, heading, paragraph or bullet.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Block {
    pub kind: BlockKind,
    /// A heading's level (1 for the title), a bullet's depth in its list
    /// (1 at the top), 0 for a paragraph.
    pub level: u8,
    /// How many bold, emphasised and code spans the block has.
    pub marks: Marks,
    /// The text with its inline marks as Markdown (`**bold**`,
    /// `*emphasis*`, `` `code` ``), for [`StyledText`].
    pub markdown: String,
    /// The text as it reads, for screen readers and searching.
    pub plain: String,
}

/// The inline marks of a block, counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    pub bold: u8,
    pub emphasis: u8,
    pub code: u8,
}

impl Block {
    fn new(kind: BlockKind, level: u8) -> Block {
        Block {
            kind,
            level,
            ..Block::default()
        }
    }
}

/// Splits a rules page into blocks: one per heading, paragraph or list
/// item, its lines joined with spaces.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    // The block being read, and how deep in list items the reader is.
    let mut open: Option<Block> = None;
    let mut items = 0;
    let mut close = |open: &mut Option<Block>| {
        if let Some(mut block) = open.take() {
            block.markdown = block.markdown.trim().to_string();
            block.plain = block.plain.trim().to_string();
            if !block.plain.is_empty() {
                out.push(block);
            }
        }
    };
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                close(&mut open);
                let kind = if level == HeadingLevel::H1 {
                    BlockKind::Title
                } else {
                    BlockKind::Heading
                };
                open = Some(Block::new(kind, level as u8));
            }
            Event::Start(Tag::Item) => {
                close(&mut open);
                items += 1;
                open = Some(Block::new(BlockKind::Bullet, items));
            }
            Event::End(TagEnd::Item) => {
                close(&mut open);
                items -= 1;
            }
            // A paragraph of its own, or the text of a list item (a loose
            // list's items hold paragraphs).
            Event::Start(Tag::Paragraph) if items == 0 || open.is_none() => {
                close(&mut open);
                let kind = if items == 0 {
                    BlockKind::Paragraph
                } else {
                    BlockKind::Bullet
                };
                open = Some(Block::new(kind, items));
            }
            Event::End(TagEnd::Heading(_)) | Event::End(TagEnd::Paragraph) if items == 0 => {
                close(&mut open);
            }
            // The paragraphs of one list item are one bullet.
            Event::End(TagEnd::Paragraph) => push(&mut open, " ", " "),
            Event::Text(t) => push(&mut open, &escape(&t), &t),
            Event::Code(t) => {
                mark(&mut open, |m| &mut m.code);
                push(&mut open, &format!("`{t}`"), &t);
            }
            Event::SoftBreak | Event::HardBreak => push(&mut open, " ", " "),
            Event::Start(Tag::Strong) => {
                mark(&mut open, |m| &mut m.bold);
                push(&mut open, "**", "");
            }
            Event::Start(Tag::Emphasis) => {
                mark(&mut open, |m| &mut m.emphasis);
                push(&mut open, "*", "");
            }
            Event::End(TagEnd::Strong) => push(&mut open, "**", ""),
            Event::End(TagEnd::Emphasis) => push(&mut open, "*", ""),
            _ => {}
        }
    }
    close(&mut open);
    out
}

/// Adds inline text to the block being read, as Markdown and as it reads
/// (text outside any block, such as raw HTML, is left out).
fn push(open: &mut Option<Block>, markdown: &str, plain: &str) {
    if let Some(block) = open {
        block.markdown.push_str(markdown);
        block.plain.push_str(plain);
    }
}

/// Counts an inline mark in the block being read.
fn mark(open: &mut Option<Block>, which: impl FnOnce(&mut Marks) -> &mut u8) {
    if let Some(block) = open {
        *which(&mut block.marks) += 1;
    }
}

/// Where a translated page's structure first departs from its English
/// page's: a block of another kind or level, with other inline marks, or
/// one block more or fewer. `None` when they match block for block.
pub fn differences(english: &str, translated: &str) -> Option<String> {
    let (english, translated) = (blocks(english), blocks(translated));
    let shape = |b: &Block| (b.kind, b.level, b.marks);
    let at = english
        .iter()
        .zip(&translated)
        .position(|(e, t)| shape(e) != shape(t));
    let describe = |b: Option<&Block>| match b {
        Some(b) => format!(
            "{:?} (level {}, {} bold, {} emphasis, {} code): {:.60}",
            b.kind, b.level, b.marks.bold, b.marks.emphasis, b.marks.code, b.plain
        ),
        None => "nothing".to_string(),
    };
    let at = match at {
        Some(at) => at,
        None if english.len() == translated.len() => return None,
        None => english.len().min(translated.len()),
    };
    Some(format!(
        "block {}: the English page has {}; the translation has {}",
        at + 1,
        describe(english.get(at)),
        describe(translated.get(at))
    ))
}

/// Text as Markdown that reads back as the same text.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each block's kind and Markdown.
    fn shapes(text: &str) -> Vec<(BlockKind, String)> {
        blocks(text)
            .into_iter()
            .map(|b| (b.kind, b.markdown))
            .collect()
    }

    #[test]
    fn headings_paragraphs_and_bullets_become_blocks() {
        let text = "# Pagade\n\nA race game\nfor four.\n\n## Moving\n- **Throw:** two dice,\n  faces 1, 3.\n- Cut pawns re-enter.\nAfter the list.\n";
        assert_eq!(
            shapes(text),
            vec![
                (BlockKind::Title, "Pagade".into()),
                (BlockKind::Paragraph, "A race game for four.".into()),
                (BlockKind::Heading, "Moving".into()),
                (BlockKind::Bullet, "**Throw:** two dice, faces 1, 3.".into()),
                (
                    BlockKind::Bullet,
                    "Cut pawns re-enter. After the list.".into()
                ),
            ]
        );
        assert_eq!(blocks(text)[3].plain, "Throw: two dice, faces 1, 3.");
    }

    #[test]
    fn a_loose_list_item_is_one_bullet_and_marks_stay_marks() {
        let text = "### Words\n\n* **Belly**: the square\n\n  before Home.\n\n* 3 * 4 is *twelve*, `x_y`\n";
        assert_eq!(
            shapes(text),
            vec![
                (BlockKind::Heading, "Words".into()),
                (
                    BlockKind::Bullet,
                    "**Belly**: the square before Home.".into()
                ),
                (BlockKind::Bullet, "3 \\* 4 is *twelve*, `x_y`".into()),
            ]
        );
        assert_eq!(blocks(text)[2].plain, "3 * 4 is twelve, x_y");
    }

    #[test]
    fn every_game_has_a_rules_page_with_a_title() {
        for game in Game::ALL {
            let b = blocks(page(game, Language::English).0);
            assert_eq!(
                b.first().map(|b| b.kind),
                Some(BlockKind::Title),
                "{game:?}"
            );
            assert!(b.len() > 3, "{game:?}");
            assert!(b.iter().all(|b| !b.plain.contains("**")), "{game:?}");
        }
    }
}

#[cfg(test)]
mod structure {
    use super::*;

    const ENGLISH: &str =
        "# Game\n\nOne **bold** line.\n\n## Moves\n- a *first* item\n  - nested `code`\n- second\n";

    #[test]
    fn a_faithful_translation_matches_block_for_block() {
        let translated =
            "# खेल\n\nएक **मोटी**\nपंक्ति।\n\n## चालें\n- एक *पहली* चीज़\n  - भीतर `code`\n- दूसरी\n";
        assert_eq!(differences(ENGLISH, translated), None);
    }

    #[test]
    fn a_lost_bold_a_merged_bullet_or_a_missing_block_is_found() {
        let no_bold = ENGLISH.replace("**bold**", "bold");
        let why = differences(ENGLISH, &no_bold).expect("a difference");
        assert!(why.starts_with("block 2:"), "{why}");
        let flat = ENGLISH.replace("  - nested", "- nested");
        assert!(differences(ENGLISH, &flat).unwrap().starts_with("block 5:"));
        let heading = ENGLISH.replace("## Moves", "### Moves");
        assert!(differences(ENGLISH, &heading)
            .unwrap()
            .starts_with("block 3:"));
        let short = ENGLISH.replace("- second\n", "");
        let why = differences(ENGLISH, &short).expect("a difference");
        assert!(why.contains("the translation has nothing"), "{why}");
    }

    #[test]
    fn each_page_is_titled_by_its_first_heading_in_its_language() {
        assert_eq!(
            title(Game::ChowkaBhara, Language::English),
            "Chowka Bhara / Ashta Chamma"
        );
        let tamil = title(Game::Pagade, Language::Tamil);
        assert!(
            tamil
                .chars()
                .any(|c| ('\u{0B80}'..='\u{0BFF}').contains(&c)),
            "{tamil}"
        );
    }

    #[test]
    fn a_language_without_its_page_reads_the_english_one() {
        let pages = [
            ("en", "pagade", "# Pagade"),
            ("ta", "pagade", "# பகடை"),
            ("en", "chopat", "# Chopat"),
        ];
        assert_eq!(
            page_in(&pages, Game::Pagade, Language::Tamil),
            ("# பகடை", Language::Tamil)
        );
        assert_eq!(
            page_in(&pages, Game::Chopat, Language::Tamil),
            ("# Chopat", Language::English)
        );
        assert_eq!(
            page_in(&pages, Game::Pagade, Language::English),
            ("# Pagade", Language::English)
        );
    }
}
