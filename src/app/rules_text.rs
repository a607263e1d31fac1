//! The rules pages: each game's rules (`docs/rules/<game-id>.md`) built into
//! the app and split into blocks the Rules page draws. The files use only
//! `#` and `##` headings, paragraphs, `- ` bullets and **bold**.

use super::RuleBlock;
use crate::rules::Game;
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

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BlockKind {
    Title,
    Heading,
    Paragraph,
    Bullet,
}

/// Splits a rules page into blocks: one per heading, paragraph or bullet,
/// lines of one block joined with spaces.
pub fn blocks(text: &str) -> Vec<(BlockKind, String)> {
    let mut out: Vec<(BlockKind, String)> = Vec::new();
    // Whether the next plain line continues the last block.
    let mut open = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            open = false;
        } else if let Some(title) = trimmed.strip_prefix("# ") {
            out.push((BlockKind::Title, title.trim().to_string()));
            open = false;
        } else if trimmed.starts_with("##") {
            out.push((
                BlockKind::Heading,
                trimmed.trim_start_matches('#').trim().to_string(),
            ));
            open = false;
        } else if let Some(item) = trimmed.strip_prefix("- ") {
            out.push((BlockKind::Bullet, item.trim().to_string()));
            open = true;
        } else if let (true, Some((_, last))) = (open, out.last_mut()) {
            last.push(' ');
            last.push_str(trimmed);
        } else {
            out.push((BlockKind::Paragraph, trimmed.to_string()));
            open = true;
        }
    }
    out
}

/// The blocks as the Rules page takes them, **bold** rendered as bold.
pub fn rule_blocks(text: &str) -> Vec<RuleBlock> {
    blocks(text)
        .into_iter()
        .map(|(kind, text)| RuleBlock {
            kind: kind as i32,
            text: StyledText::from_markdown(&text)
                .unwrap_or_else(|_| StyledText::from_plain_text(&text)),
            plain: text.replace("**", "").into(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_paragraphs_and_bullets_become_blocks() {
        let text = "# Pagade\n\nA race game\nfor four.\n\n## Moving\n- **Throw:** two dice,\n  faces 1, 3.\n- Cut pawns re-enter.\nAfter the list.\n";
        assert_eq!(
            blocks(text),
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
    }

    #[test]
    fn every_game_has_a_rules_page_with_a_title() {
        for game in Game::ALL {
            let b = blocks(markdown(game));
            assert_eq!(
                b.first().map(|(k, _)| *k),
                Some(BlockKind::Title),
                "{game:?}"
            );
            assert!(b.len() > 3, "{game:?}");
        }
    }
}
