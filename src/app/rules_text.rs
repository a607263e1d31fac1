//! The rules pages: each game's rules (`docs/rules/<game-id>.md`) built into
//! the app, read as Markdown and split into the blocks the Rules page
//! draws: the title, headings, paragraphs and bullets, each with its bold.

use super::RuleBlock;
use crate::rules::Game;
use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};
use slint::StyledText;

/// The rules of a game as written in the project's documentation.
pub fn markdown(game: Game) -> &'static str {
    match game {
        Game::Chopat => include_str!("../../docs/rules/chopat.md"),
        Game::Pagade => include_str!("../../docs/rules/pagade.md"),
        Game::Chaupar => include_str!("../../docs/rules/chaupar.md"),
        Game::ChauparAkbar => include_str!("../../docs/rules/chaupar-akbar.md"),
        Game::ChowkaBhara => include_str!("../../docs/rules/chowka-bhara.md"),
    }
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
    /// The text with its inline marks as Markdown (`**bold**`,
    /// `*emphasis*`, `` `code` ``), for [`StyledText`].
    pub markdown: String,
    /// The text as it reads, for screen readers and searching.
    pub plain: String,
}

impl Block {
    fn new(kind: BlockKind) -> Block {
        Block {
            kind,
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
                open = Some(Block::new(kind));
            }
            Event::Start(Tag::Item) => {
                close(&mut open);
                items += 1;
                open = Some(Block::new(BlockKind::Bullet));
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
                open = Some(Block::new(kind));
            }
            Event::End(TagEnd::Heading(_)) | Event::End(TagEnd::Paragraph) if items == 0 => {
                close(&mut open);
            }
            // The paragraphs of one list item are one bullet.
            Event::End(TagEnd::Paragraph) => push(&mut open, " ", " "),
            Event::Text(t) => push(&mut open, &escape(&t), &t),
            Event::Code(t) => push(&mut open, &format!("`{t}`"), &t),
            Event::SoftBreak | Event::HardBreak => push(&mut open, " ", " "),
            Event::Start(Tag::Strong) | Event::End(TagEnd::Strong) => push(&mut open, "**", ""),
            Event::Start(Tag::Emphasis) | Event::End(TagEnd::Emphasis) => push(&mut open, "*", ""),
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

/// The blocks as the Rules page takes them, **bold** rendered as bold.
pub fn rule_blocks(text: &str) -> Vec<RuleBlock> {
    blocks(text)
        .into_iter()
        .map(|block| RuleBlock {
            kind: block.kind as i32,
            text: StyledText::from_markdown(&block.markdown)
                .unwrap_or_else(|_| StyledText::from_plain_text(&block.plain)),
            plain: block.plain.into(),
        })
        .collect()
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
        let text = "### Words\n\n* **Jug**: the pair\n\n  made at Kajalvun.\n\n* 3 * 4 is *twelve*, `x_y`\n";
        assert_eq!(
            shapes(text),
            vec![
                (BlockKind::Heading, "Words".into()),
                (
                    BlockKind::Bullet,
                    "**Jug**: the pair made at Kajalvun.".into()
                ),
                (BlockKind::Bullet, "3 \\* 4 is *twelve*, `x_y`".into()),
            ]
        );
        assert_eq!(blocks(text)[2].plain, "3 * 4 is twelve, x_y");
    }

    #[test]
    fn every_game_has_a_rules_page_with_a_title() {
        for game in Game::ALL {
            let b = blocks(markdown(game));
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
