//! The New game screen's state: the game, its options and who sits where.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::board::Side;
use crate::rules::{Game, Mode, OptionInfo, Options};
pub use crate::store::SeatKind;

use super::text::{colour, colour_listed_as};
use super::{Colour, Name, PlayedBy};

impl SeatKind {
    /// Who plays the seat, as the UI knows it.
    pub fn played_by(self) -> PlayedBy {
        match self {
            SeatKind::Person => PlayedBy::Person,
            SeatKind::Computer(Level::Easy) => PlayedBy::Easy,
            SeatKind::Computer(Level::Medium) => PlayedBy::Medium,
            SeatKind::Computer(Level::Hard) => PlayedBy::Hard,
        }
    }

    /// The seat kind the New game screen chose.
    pub fn from_played_by(played_by: PlayedBy) -> SeatKind {
        match played_by {
            PlayedBy::Person => SeatKind::Person,
            PlayedBy::Easy => SeatKind::Computer(Level::Easy),
            PlayedBy::Medium => SeatKind::Computer(Level::Medium),
            PlayedBy::Hard => SeatKind::Computer(Level::Hard),
        }
    }

    /// The seat kind's English name, as the seats' default names keep it
    /// in saves and statistics (the screens word it in the language
    /// spoken: see [`name_data`]).
    fn label(self) -> &'static str {
        match self {
            SeatKind::Person => "Person",
            SeatKind::Computer(Level::Easy) => "Easy",
            SeatKind::Computer(Level::Medium) => "Medium",
            SeatKind::Computer(Level::Hard) => "Hard",
        }
    }
}

/// One player at the table and the colours they play (two in the
/// Chaupars' two-player game).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub sides: Vec<Side>,
    pub kind: SeatKind,
}

/// Who sat at the table for the last game begun from the New game screen,
/// and what was played, kept in the settings so that the screen offers the
/// same again: a family names its players once. Read leniently: a game,
/// option or seat this version does not know is left at its default.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Table {
    /// The game's id, as in positions.
    pub game: String,
    /// Each option's key and value, as in positions, the mode first.
    pub options: Vec<(String, String)>,
    /// Each seat's name and who plays it (`person` or the computer's
    /// level), in seat order.
    pub players: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
pub struct Setup {
    pub game: Game,
    pub options: Options,
    pub players: Vec<Player>,
}

/// How many people play in a mode.
fn people(mode: Mode) -> usize {
    match mode {
        Mode::TwoPlayer => 2,
        Mode::ThreePlayer => 3,
        Mode::FourPlayer | Mode::Teams => 4,
    }
}

/// The name a seat has until someone types one (numbered, so that two
/// computers at one level are told apart, in the statistics too).
fn default_name(seat: usize, kind: SeatKind) -> String {
    match kind {
        SeatKind::Person => format!("Player {}", seat + 1),
        SeatKind::Computer(_) => format!("Computer {} ({})", seat + 1, kind.label()),
    }
}

/// The seat (0 to 3) and kind whose default name this is, if it is one.
fn default_seat(name: &str) -> Option<(usize, SeatKind)> {
    (0..4).find_map(|seat| {
        SeatKind::ALL
            .into_iter()
            .find(|&kind| default_name(seat, kind) == name)
            .map(|kind| (seat, kind))
    })
}

/// How the screens name a player: a seat's default name is worded in the
/// language spoken, a typed name shown as typed, and no name at all is the
/// `colour` the player plays (see `Words.name`).
pub fn name_data(name: &str, colour: Colour) -> Name {
    let name = name.trim();
    // Statistics keep a player with no name under the colour's English
    // name.
    if let Some(colour) = colour_listed_as(name) {
        return Name {
            colour,
            ..Default::default()
        };
    }
    let (seat, played_by) = default_seat(name).map_or((0, PlayedBy::Person), |(seat, kind)| {
        (seat as i32 + 1, kind.played_by())
    });
    Name {
        typed: if seat > 0 { "" } else { name }.into(),
        seat,
        played_by,
        colour,
    }
}

/// Whether two names read the same: the colour matters only where it is
/// the name.
pub fn same_name(a: &Name, b: &Name) -> bool {
    let named = !a.typed.is_empty() || a.seat > 0;
    (&a.typed, a.seat, a.played_by) == (&b.typed, b.seat, b.played_by)
        && (named || a.colour == b.colour)
}

impl Setup {
    /// The colours a player plays, and the partner's colour when a partner
    /// is someone else's seat (New game says "Black, partner of Yellow").
    pub fn colours_of(&self, player: &Player) -> (Vec<Colour>, Option<Colour>) {
        let kind = self.options.board_kind(self.game);
        let colours = player.sides.iter().map(|&s| colour(kind, s)).collect();
        let partner = match player.sides.as_slice() {
            [one] if self.game.partnership(self.options.mode) => Some(colour(kind, one.opposite())),
            _ => None,
        };
        (colours, partner)
    }

    /// A seat's name as typed: empty while it has its default name, which
    /// the screen shows in the language spoken.
    pub fn typed_name(&self, seat: usize) -> &str {
        let p = &self.players[seat];
        match default_seat(&p.name) {
            Some(_) => "",
            None => &p.name,
        }
    }

    /// The default name of a seat, as the screen shows it until one is
    /// typed.
    pub fn default_name_data(&self, seat: usize) -> Name {
        let p = &self.players[seat];
        name_data(&default_name(seat, p.kind), Colour::None)
    }

    pub fn new(game: Game) -> Setup {
        let mut setup = Setup {
            game,
            options: Options::new(game),
            players: Vec::new(),
        };
        setup.seat_players();
        setup
    }

    /// The screen as the table left it, or a fresh Pagade table where the
    /// table says nothing this version knows.
    pub fn from_table(table: &Table) -> Setup {
        let game = Game::from_id(&table.game).unwrap_or(Game::Pagade);
        let mut setup = Setup::new(game);
        for (key, value) in &table.options {
            if key == "mode" {
                if let Some(mode) = Mode::from_id(value).filter(|m| game.modes().contains(m)) {
                    setup.choose_mode(mode);
                }
            } else {
                let _ = setup.options.set(game, key, value);
            }
        }
        for (player, (name, kind)) in setup.players.iter_mut().zip(&table.players) {
            player.name = name.clone();
            player.kind = SeatKind::try_from(kind.clone()).unwrap_or_default();
        }
        setup
    }

    /// What [`Setup::from_table`] sets up again.
    pub fn table(&self) -> Table {
        Table {
            game: self.game.id().to_string(),
            options: Options::describe(self.game)
                .into_iter()
                .filter_map(|o| Some((o.key.to_string(), self.options.value_of(o.key)?)))
                .collect(),
            players: (self.players.iter())
                .map(|p| (p.name.clone(), p.kind.id().to_string()))
                .collect(),
        }
    }

    /// Every option but the mode, which the screen shows with the players.
    pub fn options(&self) -> Vec<OptionInfo> {
        Options::describe(self.game)
            .into_iter()
            .filter(|o| o.key != "mode")
            .collect()
    }

    /// The chosen value of an option, as an index into its choices.
    pub fn chosen(&self, info: &OptionInfo) -> usize {
        let value = self.options.value_of(info.key);
        info.choices
            .iter()
            .position(|id| Some(id) == value.as_ref())
            .unwrap_or(0)
    }

    pub fn choose_game(&mut self, game: Game) {
        if game != self.game {
            let players = self.players.clone();
            *self = Setup::new(game);
            self.keep_players(&players);
        }
    }

    pub fn choose_mode(&mut self, mode: Mode) {
        let players = self.players.clone();
        self.options.mode = mode;
        self.seat_players();
        self.keep_players(&players);
    }

    pub fn choose_option(&mut self, key: &str, value: &str) {
        // Choices come from the game's own description, so they are valid.
        self.options
            .set(self.game, key, value)
            .expect("a described choice is accepted");
    }

    pub fn rename(&mut self, seat: usize, name: &str) {
        if let Some(p) = self.players.get_mut(seat) {
            p.name = name.to_string();
        }
    }

    /// Gives a player the next colours round the table, swapping with
    /// whoever had them.
    pub fn next_colour(&mut self, seat: usize) {
        let n = self.players.len();
        if seat < n && n > 1 {
            let other = (seat + 1) % n;
            let mine = std::mem::take(&mut self.players[seat].sides);
            self.players[seat].sides = std::mem::replace(&mut self.players[other].sides, mine);
        }
    }

    /// Seats a person or the computer; a name nobody typed follows:
    /// "Player 2" becomes "Computer 2 (Hard)", and back.
    pub fn choose_kind(&mut self, seat: usize, kind: SeatKind) {
        if let Some(p) = self.players.get_mut(seat) {
            if p.name.trim().is_empty() || p.name == default_name(seat, p.kind) {
                p.name = default_name(seat, kind);
            }
            p.kind = kind;
        }
    }

    /// Who plays each side.
    pub fn kinds_by_side(&self) -> [SeatKind; 4] {
        let mut kinds = [SeatKind::Person; 4];
        for p in &self.players {
            for side in &p.sides {
                kinds[side.index()] = p.kind;
            }
        }
        kinds
    }

    /// The name playing each side.
    pub fn names_by_side(&self) -> [String; 4] {
        let mut names: [String; 4] = Default::default();
        for (seat, p) in self.players.iter().enumerate() {
            let name = match p.name.trim() {
                "" => default_name(seat, p.kind),
                typed => typed.to_string(),
            };
            for side in &p.sides {
                names[side.index()] = name.clone();
            }
        }
        names
    }

    fn seat_players(&mut self) {
        let sides = self.game.seats(self.options.mode);
        let count = people(self.options.mode).min(sides.len());
        self.players = (0..count)
            .map(|i| Player {
                name: default_name(i, SeatKind::Person),
                sides: sides.iter().skip(i).step_by(count).copied().collect(),
                kind: SeatKind::Person,
            })
            .collect();
    }

    /// Keeps who sat at each seat (name and kind) across a change of game
    /// or mode.
    fn keep_players(&mut self, before: &[Player]) {
        for (p, old) in self.players.iter_mut().zip(before) {
            p.name = old.name.clone();
            p.kind = old.kind;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_names_its_colours_and_its_partner() {
        let mut s = Setup::new(Game::Pagade);
        s.choose_mode(Mode::Teams);
        let named: Vec<_> = s.players.iter().map(|p| s.colours_of(p)).collect();
        use Colour::{Black, Green, Red, Yellow};
        assert_eq!(
            named,
            [
                (vec![Black], Some(Yellow)),
                (vec![Red], Some(Green)),
                (vec![Yellow], Some(Black)),
                (vec![Green], Some(Red))
            ]
        );
        s.choose_mode(Mode::FourPlayer);
        assert_eq!(s.colours_of(&s.players[1]), (vec![Red], None));
        let mut c = Setup::new(Game::Chaupar);
        c.choose_mode(Mode::TwoPlayer);
        assert_eq!(c.colours_of(&c.players[0]), (vec![Black, Yellow], None));
        let mut square = Setup::new(Game::ChowkaBhara);
        square.choose_mode(Mode::TwoPlayer);
        assert_eq!(square.colours_of(&square.players[1]), (vec![Yellow], None));
    }

    #[test]
    fn default_names_are_told_from_typed_ones_and_an_empty_name_is_the_default() {
        let mut s = Setup::new(Game::Pagade);
        s.choose_mode(Mode::FourPlayer);
        s.choose_kind(2, SeatKind::Computer(Level::Medium));
        assert_eq!(s.typed_name(0), "");
        let computer = name_data(&s.names_by_side()[2], Colour::Yellow);
        assert_eq!(
            (computer.typed.as_str(), computer.seat, computer.played_by),
            ("", 3, PlayedBy::Medium)
        );
        s.rename(0, "Asha");
        s.rename(1, "");
        assert_eq!(s.typed_name(0), "Asha");
        assert_eq!(name_data("Asha", Colour::Black).typed, "Asha");
        assert_eq!(
            s.names_by_side()[1],
            "Player 2",
            "an empty name is the seat's default"
        );
        let nobody = name_data("", Colour::Green);
        assert_eq!(
            (nobody.seat, nobody.colour),
            (0, Colour::Green),
            "named by the colour"
        );
    }

    #[test]
    fn two_players_of_chaupar_each_play_a_partnership() {
        let mut s = Setup::new(Game::Chaupar);
        s.choose_mode(Mode::TwoPlayer);
        assert_eq!(s.players.len(), 2);
        assert_eq!(s.players[0].sides, vec![Side(0), Side(2)]);
        s.rename(0, "Asha");
        assert_eq!(s.names_by_side()[2], "Asha");
    }

    #[test]
    fn changing_colour_swaps_with_the_next_player() {
        let mut s = Setup::new(Game::Pagade);
        s.choose_mode(Mode::TwoPlayer);
        s.rename(0, "Asha");
        s.next_colour(0);
        let names = s.names_by_side();
        assert_eq!(names[2], "Asha");
        assert_eq!(names[0], "Player 2");
    }

    #[test]
    fn options_exclude_the_mode_and_default_to_their_first_choice() {
        let s = Setup::new(Game::ChowkaBhara);
        let options = s.options();
        assert!(options.iter().all(|o| o.key != "mode"));
        let board = options.iter().find(|o| o.key == "board").unwrap();
        assert_eq!(board.choices[s.chosen(board)], "5");
    }

    #[test]
    fn a_computer_seat_plays_every_side_of_its_player_and_keeps_its_level() {
        let mut s = Setup::new(Game::Chaupar);
        s.choose_mode(Mode::TwoPlayer);
        s.choose_kind(1, SeatKind::Computer(Level::Hard));
        let kinds = s.kinds_by_side();
        assert_eq!(kinds[1], SeatKind::Computer(Level::Hard));
        assert_eq!(kinds[3], SeatKind::Computer(Level::Hard));
        assert_eq!(kinds[0], SeatKind::Person);
        s.choose_game(Game::Pagade);
        assert_eq!(s.players[1].kind, SeatKind::Computer(Level::Hard));
    }

    #[test]
    fn a_name_nobody_typed_follows_the_seats_kind_and_a_typed_one_stays() {
        let mut s = Setup::new(Game::Pagade);
        s.choose_kind(1, SeatKind::Computer(Level::Hard));
        assert_eq!(s.players[1].name, "Computer 2 (Hard)");
        s.choose_kind(1, SeatKind::Computer(Level::Easy));
        assert_eq!(s.players[1].name, "Computer 2 (Easy)");
        // Two computers at one level are told apart.
        s.choose_kind(0, SeatKind::Computer(Level::Easy));
        assert_eq!(s.players[0].name, "Computer 1 (Easy)");
        s.choose_kind(1, SeatKind::Person);
        assert_eq!(s.players[1].name, "Player 2");
        s.choose_kind(0, SeatKind::Person);
        s.rename(0, "Dadi");
        s.choose_kind(0, SeatKind::Computer(Level::Medium));
        assert_eq!(s.players[0].name, "Dadi");
        s.choose_kind(0, SeatKind::Person);
        assert_eq!(s.names_by_side()[0], "Dadi");
    }

    #[test]
    fn the_last_table_is_set_up_again() {
        let mut s = Setup::new(Game::ChowkaBhara);
        s.choose_mode(Mode::ThreePlayer);
        s.choose_option("board", "7");
        s.choose_option("entry_throws", "on");
        s.rename(0, "Asha");
        s.choose_kind(2, SeatKind::Computer(Level::Hard));
        let json = serde_json::to_string(&s.table()).unwrap();
        let again = Setup::from_table(&serde_json::from_str(&json).unwrap());
        assert_eq!(again.game, Game::ChowkaBhara);
        assert_eq!(again.options, s.options);
        assert_eq!(again.players, s.players);
    }

    #[test]
    fn a_table_this_version_does_not_know_gives_the_defaults_it_can() {
        let table: Table = serde_json::from_str(
            r#"{"game": "chopat", "options": [["mode", "8p"], ["overshoot", "illegal"],
                ["wind", "strong"]], "players": [["Asha", "hard"], ["Ravi", "wizard"]],
                "colour": "blue"}"#,
        )
        .unwrap();
        let s = Setup::from_table(&table);
        assert_eq!(s.game, Game::Chopat);
        assert_eq!(s.options.mode, Options::new(Game::Chopat).mode);
        assert_eq!(s.options.value_of("overshoot").unwrap(), "illegal");
        assert_eq!(s.players[0].name, "Asha");
        assert_eq!(s.players[0].kind, SeatKind::Computer(Level::Hard));
        assert_eq!(s.players[1].name, "Ravi");
        assert_eq!(s.players[1].kind, SeatKind::Person);
        let unknown: Table = serde_json::from_str(r#"{"game": "snakes"}"#).unwrap();
        assert_eq!(Setup::from_table(&unknown).game, Game::Pagade);
    }

    #[test]
    fn a_seat_kind_is_saved_by_its_name() {
        for kind in SeatKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(serde_json::from_str::<SeatKind>(&json).unwrap(), kind);
        }
        assert!(serde_json::from_str::<SeatKind>("\"wizard\"").is_err());
    }
}
