//! The Rules screen's blocks: a rules page (`crate::rules_pages`) as the
//! Rules page draws it, **bold** rendered as bold.

use super::RuleBlock;
use crate::rules_pages::blocks;
use slint::StyledText;

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
