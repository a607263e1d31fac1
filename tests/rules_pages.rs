//! The rules pages in every language: each game's page exists in each
//! language the app speaks, and each translation keeps the structure of the
//! English page it comes from (headings, paragraphs, bullets and their bold,
//! block for block), so that a change to the rules cannot silently leave a
//! language behind.

use chaupar::language::Language;
use chaupar::rules::Game;
use chaupar::rules_pages::{differences, is_translated, page};

#[test]
fn every_game_has_its_rules_page_in_every_language() {
    let missing: Vec<String> = Language::ALL
        .into_iter()
        .flat_map(|language| Game::ALL.map(move |game| (language, game)))
        .filter(|&(language, game)| !is_translated(game, language))
        .map(|(language, game)| format!("docs/rules/{language}/{}.md", game.id()))
        .collect();
    assert!(missing.is_empty(), "missing rules pages: {missing:?}");
}

#[test]
fn every_translated_page_keeps_the_structure_of_its_english_page() {
    let mut departures = Vec::new();
    for game in Game::ALL {
        let (english, _) = page(game, Language::English);
        for language in Language::ALL.into_iter().skip(1) {
            let (translated, read_in) = page(game, language);
            if read_in != language {
                continue; // reported as missing above
            }
            if let Some(why) = differences(english, translated) {
                departures.push(format!("docs/rules/{language}/{}.md: {why}", game.id()));
            }
        }
    }
    assert!(departures.is_empty(), "{}", departures.join("\n"));
}
