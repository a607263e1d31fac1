//! A game in progress as the Game screen sees it: the match, the players'
//! names, which pawn is chosen, the log, and a stable id for every pawn so
//! that a pawn can be seen walking from square to square.

use crate::board::{Cell, Side};
use crate::dice::{Implement, Throw};
use crate::rules::{
    replay_onto, AfterThrow, Bonus, Effects, Event, Illegal, Match, Milestone, Move, Phase,
    Position, ReplayTarget, Thrown, TurnEnd,
};
use crate::store::{GameDocument, Summary};

use super::board_view::{square_number, PawnAt, Target, Trail};
use super::race::ordinal;
use super::setup::SeatKind;

/// What the player to move is asked to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Prompt {
    Throw,
    ThrowAgain,
    Move,
    /// No value could be used: the player acknowledges and the turn passes.
    Passes,
    Over,
}

impl Prompt {
    pub fn text(self) -> &'static str {
        match self {
            Prompt::Throw => "Throw",
            Prompt::ThrowAgain => "Throw again",
            Prompt::Move => "Move a lit pawn",
            Prompt::Passes => "No move possible: turn passes",
            Prompt::Over => "The game is over",
        }
    }
}

#[derive(Clone)]
pub struct Session {
    pub game: Match,
    pub names: [String; 4],
    pub kinds: [SeatKind; 4],
    /// The id the game is saved under, once the store has given one.
    pub save_id: Option<String>,
    /// The move suggested to the player to move, until the next action.
    pub hint: Option<Move>,
    /// Every pawn on the board, in a fixed order; the ids are the indices.
    pub pawns: Vec<PawnAt>,
    /// The step of the mover's pawn (or stack) chosen to move.
    pub selected: Option<u8>,
    /// Moves waiting for the player to pick one (several lead to one square).
    pub offered: Vec<Move>,
    pub log: Vec<(Side, String)>,
    pub last_throw: Option<Throw>,
    /// The turn passed with nothing to move: the seat, and the colour of
    /// the pawns it played; shown until acknowledged.
    pub passing: Option<(Side, Side)>,
    /// What the end of the last turn settled (turns missed, Ool Olangvun),
    /// for the log once a passed turn has been acknowledged.
    settled: Vec<(Side, String)>,
    pub notice: String,
    /// Every move of the game so far, with who made it.
    played: Vec<Played>,
}

/// A move as it was made: the seat that chose it and whose pawns it moved
/// (a finished player's throws move the partner's).
#[derive(Clone, Copy, Debug)]
struct Played {
    seat: Side,
    side: Side,
    mv: Move,
}

impl Session {
    /// A game to show from the moment `game` has reached: its events are
    /// played again through the session, so that the log tells the game so
    /// far, the last throw lies in the tray, the last move can be taken
    /// back and a turn that had just passed still waits to be acknowledged.
    pub fn new(game: Match, names: [String; 4], kinds: [SeatKind; 4]) -> Session {
        let record = game.record();
        let start = Match::start_of(record).expect("the start of a game in progress replays");
        let mut s = Session::at_start(start, names, kinds);
        if replay_onto(&mut s, &record.events).is_err() {
            unreachable!("a game in progress replays");
        }
        s.select_only_move();
        s
    }

    /// A game at its start, before any throw: only the opening throws, if
    /// any, in the log.
    fn at_start(game: Match, names: [String; 4], kinds: [SeatKind; 4]) -> Session {
        let mut s = Session {
            game,
            names,
            kinds,
            save_id: None,
            hint: None,
            pawns: Vec::new(),
            selected: None,
            offered: Vec::new(),
            log: Vec::new(),
            last_throw: None,
            passing: None,
            settled: Vec::new(),
            notice: String::new(),
            played: Vec::new(),
        };
        s.sync_pawns();
        for &(side, throw) in s.game.opening_throws() {
            s.log.push((
                side,
                format!("opening throw {}", values_text(throw.values())),
            ));
        }
        s
    }

    /// The game as saved, from its replayable document, and whether it
    /// parts from these rules; its record is replayed once, through the
    /// session. A save of an earlier version whose rules differ goes on
    /// from the start of the turn where it parts, and says so; one that
    /// parts in its first turn, or whose start is not valid, is refused
    /// with the engine's reason.
    pub fn resume(doc: GameDocument) -> Result<(Session, bool), String> {
        let start = Match::start_of(&doc.record).map_err(|why| why.to_string())?;
        let mut session = Session::at_start(start, doc.names, doc.seats);
        let parted = match replay_onto(&mut session, &doc.record.events) {
            Ok(()) => false,
            Err(parted) if parted.turn_start.game.record().events.is_empty() => {
                return Err(parted.why.to_string())
            }
            Err(parted) => {
                session = parted.turn_start;
                true
            }
        };
        session.select_only_move();
        if parted {
            session.notice = "Saved under earlier rules: the game goes on from the turn where \
                              they differ (the save as it was stays in Saved games)"
                .into();
        }
        Ok((session, parted))
    }

    pub fn document(&self) -> GameDocument {
        GameDocument {
            record: self.game.record().clone(),
            names: self.names.clone(),
            seats: self.kinds,
        }
    }

    /// What the Saved games list shows of this game.
    pub fn summary(&self) -> Summary {
        let p = self.position();
        let mut seats: Vec<String> = Vec::new();
        for &side in p.seats() {
            let name = self.name(side);
            if !seats.contains(&name) {
                seats.push(name);
            }
        }
        let home: Vec<String> = p
            .seats()
            .iter()
            .filter_map(|&side| {
                let n = p.pawns_home(side);
                (n > 0).then(|| format!("{} {n} home", self.colour(side)))
            })
            .collect();
        let progress = if home.is_empty() {
            match self.moves_made() {
                0 => "Just begun".to_string(),
                n => format!("{} made", moves_text(n)),
            }
        } else {
            home.join(", ")
        };
        // Whose turn it will be, for a family picking the game up later.
        let progress = if p.is_over() {
            progress
        } else {
            format!("{progress} · {} to move", self.name(self.game.mover()))
        };
        Summary {
            title: p.game().title().to_string(),
            seats,
            progress,
            finished: p.is_over(),
        }
    }

    /// Moves played in the game so far.
    pub fn moves_made(&self) -> usize {
        self.game
            .record()
            .events
            .iter()
            .filter(|e| matches!(e, Event::Move { .. }))
            .count()
    }

    /// Who plays the seat whose turn it is.
    pub fn mover_kind(&self) -> SeatKind {
        self.kinds[self.mover().index()]
    }

    /// A seed for the computer's choice now: fixed by the game's seed and
    /// how far it has gone, so a replayed game chooses the same.
    pub fn choice_seed(&self) -> u64 {
        let record = self.game.record();
        let events = record.events.len() as u64;
        record.seed ^ events.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn implement(&self) -> Implement {
        let p = self.position();
        p.options().implement(p.game())
    }

    pub fn colour(&self, side: Side) -> String {
        capitalised(self.position().colour_name(side))
    }

    /// The name of whoever plays a side, or its colour when none was given.
    pub fn name(&self, side: Side) -> String {
        match self.names[side.index()].trim() {
            "" => self.colour(side),
            name => name.to_string(),
        }
    }

    /// The seat whose turn it is (the one who passed, while that is shown).
    pub fn mover(&self) -> Side {
        self.passing
            .map_or_else(|| self.game.mover(), |(seat, _)| seat)
    }

    /// The colour of the pawns the mover plays this turn (a finished
    /// partner's, for a player who throws for them).
    pub fn mover_pawns(&self) -> Side {
        self.passing
            .map_or_else(|| self.game.pawn_side(), |(_, pawns)| pawns)
    }

    /// The seat the board turns to when it turns to the player to move:
    /// the mover if a person plays it, else the last person before it in
    /// turn order, so that the computer's turns leave the board as that
    /// person left it. None when the computer plays every seat.
    pub fn facing(&self) -> Option<Side> {
        let seats = self.game.position().seats();
        let at = seats.iter().position(|&seat| seat == self.mover())?;
        (0..seats.len())
            .map(|back| seats[(at + seats.len() - back) % seats.len()])
            .find(|seat| !self.kinds[seat.index()].is_computer())
    }

    pub fn prompt(&self) -> Prompt {
        if self.passing.is_some() {
            return Prompt::Passes;
        }
        match self.game.phase() {
            Phase::Over => Prompt::Over,
            Phase::Move => Prompt::Move,
            Phase::Throw if self.game.turn().throws().is_empty() => Prompt::Throw,
            Phase::Throw => Prompt::ThrowAgain,
        }
    }

    /// What the banner asks of the person to move: once a pawn is chosen,
    /// where it may go.
    pub fn prompt_text(&self) -> &'static str {
        match self.prompt() {
            Prompt::Move if self.selected.is_some() => "Move it to a lit square",
            Prompt::Move if self.is_khado_karvo() => "Bring a pawn back to cut, or miss the turn",
            prompt => prompt.text(),
        }
    }

    /// Chopat's Khado Karvo: the finished player to move may bring pawns
    /// back from Home to cut, or miss the turn.
    pub fn is_khado_karvo(&self) -> bool {
        self.passing.is_none() && self.game.turn().is_khado_karvo()
    }

    pub fn can_throw(&self) -> bool {
        matches!(self.prompt(), Prompt::Throw | Prompt::ThrowAgain)
    }

    /// Throws; the result is the engine's, drawn from the match's seed.
    pub fn throw(&mut self) -> Thrown {
        let (seat, pawns) = (self.game.mover(), self.game.pawn_side());
        let report = self.game.throw();
        self.last_throw = Some(report.throw);
        self.notice.clear();
        let mut entry = format!("threw {}", values_text(report.throw.values()));
        if report.bonus == Bonus::AfterKajalvun {
            entry.push_str(": no Jug yet, no bonus");
        }
        match report.after {
            AfterThrow::Bonus => entry.push_str(": another throw"),
            AfterThrow::Voided => {
                entry.push_str(": a third top throw voids the turn");
                self.passing = Some((seat, pawns));
            }
            AfterThrow::Passed => self.passing = Some((seat, pawns)),
            AfterThrow::Move => {}
        }
        self.log.push((seat, entry));
        self.settled = self.settled(report.turn_end.as_ref());
        if self.passing.is_none() {
            self.log.append(&mut self.settled);
        }
        self.select_only_move();
        report
    }

    /// What the end of a turn settled, in turn order: each turn a finished
    /// Chopat partner missed ("misses turn 2 of 4") and an Ool Olangvun
    /// that now counts, its pawn having survived a turn.
    fn settled(&self, end: Option<&TurnEnd>) -> Vec<(Side, String)> {
        let Some(end) = end else {
            return Vec::new();
        };
        let now = self.position();
        let mut lines = Vec::new();
        for &seat in now.seats() {
            if end.missed.contains(&seat) {
                let missed = now.flags(seat).missed_turns;
                let all = missed + now.turns_to_miss(seat);
                lines.push((seat, format!("misses turn {missed} of {all}")));
            }
            if end.ool.contains(&(seat, true)) {
                lines.push((seat, "Ool Olangvun done".into()));
            }
        }
        lines
    }

    /// The player has seen that the turn passed.
    pub fn acknowledge_pass(&mut self) {
        if let Some((seat, _)) = self.passing.take() {
            self.log.push((seat, "could not move: turn passes".into()));
            self.log.append(&mut self.settled);
            self.select_only_move();
        }
    }

    /// The moves of the chosen pawn (or all moves when none is chosen).
    pub fn moves_from(&self, step: u8) -> Vec<Move> {
        self.game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == step)
            .collect()
    }

    /// The squares the chosen pawn can reach, each with its label.
    pub fn targets(&self) -> Vec<Target> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let side = self.game.pawn_side();
        let g = self.position().board();
        let suggested = self.hint.filter(|h| h.from == from);
        // Each square once, with what moving there does where every way
        // there does the same (None where they differ).
        let mut reached: Vec<(Cell, u8, Option<String>)> = Vec::new();
        for m in self.moves_from(from) {
            if suggested.is_some_and(|h| h.to != m.to) {
                continue;
            }
            let Some(cell) = g.cell(side, m.to) else {
                continue;
            };
            let does = self.foreseen(m);
            match reached.iter_mut().find(|(c, ..)| *c == cell) {
                None => reached.push((cell, m.to, Some(does))),
                Some((.., seen)) if seen.as_ref() != Some(&does) => *seen = None,
                Some(_) => {}
            }
        }
        reached
            .into_iter()
            .map(|(cell, to, does)| Target {
                cell,
                label: format!(
                    "Move to {}{}",
                    self.place_name(to),
                    does.unwrap_or_default()
                ),
                number: self.short_place(to),
            })
            .collect()
    }

    /// A tap on a pawn: chooses it, or says why it cannot move. A tap on a
    /// pawn standing where the chosen one can go may settle the move.
    pub fn tap_pawn(&mut self, id: usize) -> Result<Option<Move>, String> {
        let pawn = self.pawns[id];
        let side = self.game.pawn_side();
        // A tap on another pawn standing on a highlighted square means that
        // square (a capture, or joining a pair).
        let is_chosen = pawn.side == side && Some(pawn.step) == self.selected;
        if !is_chosen {
            if let Some(cell) = self.position().board().cell(pawn.side, pawn.step) {
                if self.targets().iter().any(|t| t.cell == cell) {
                    return self.tap_cell(cell);
                }
            }
        }
        if self.passing.is_some() {
            return Err("No move possible: pass the turn".into());
        }
        match self.game.phase() {
            Phase::Over => return Err("The game is over".into()),
            Phase::Throw => return Err(format!("{}: throw first", self.name(self.game.mover()))),
            Phase::Move => {}
        }
        if pawn.side != side {
            return Err(format!(
                "That is a {} pawn: {} moves {}",
                self.colour(pawn.side).to_lowercase(),
                self.name(self.game.mover()),
                self.colour(side).to_lowercase()
            ));
        }
        if self.moves_from(pawn.step).is_empty() {
            let reason = self
                .game
                .why_not(pawn.step)
                .map(|r| r.to_string())
                .unwrap_or_else(|| "that pawn cannot move now".into());
            return Err(capitalised(&reason));
        }
        self.selected = Some(pawn.step);
        self.offered = self.moves_from(pawn.step);
        self.hint = None;
        self.notice.clear();
        Ok(None)
    }

    /// A tap on a square: plays the chosen pawn's move there, or offers the
    /// ways to get there when there are several.
    pub fn tap_cell(&mut self, cell: Cell) -> Result<Option<Move>, String> {
        let Some(from) = self.selected else {
            return Ok(None);
        };
        let side = self.game.pawn_side();
        let g = self.position().board();
        let suggested = self.hint.filter(|h| h.from == from);
        let ways: Vec<Move> = self
            .moves_from(from)
            .into_iter()
            .filter(|m| g.cell(side, m.to) == Some(cell))
            .filter(|m| suggested.is_none_or(|h| h == *m))
            .collect();
        match ways.len() {
            0 => Err("The chosen pawn cannot move there".into()),
            1 => Ok(Some(ways[0])),
            _ => {
                self.offered = ways;
                Ok(None)
            }
        }
    }

    /// Plays a move; the engine has the last word.
    pub fn play(&mut self, mv: Move) -> Result<Effects, String> {
        self.play_move(mv).map_err(|e| capitalised(&e.to_string()))
    }

    /// [`Session::play`], with the engine's reason for a refusal.
    fn play_move(&mut self, mv: Move) -> Result<Effects, Illegal> {
        let mover = self.game.mover();
        let side = self.game.pawn_side();
        let spent = values_text(&self.spent_values(mv));
        let effects = self.game.play(mv)?;
        let pawns = match mv.pawns {
            1 => String::new(),
            2 => "pair ".into(),
            n => format!("{n} pawns "),
        };
        // A finished partner's throws move the partner's pawns: say whose.
        let what = if side == mover {
            pawns
        } else {
            format!("{} {pawns}", self.colour(side).to_lowercase())
        };
        // Khado Karvo spends no values; missing the turn is logged below.
        let by = if spent.is_empty() {
            String::new()
        } else {
            format!(" ({spent})")
        };
        let entry = format!(
            "{what}{} → {}{by}{}",
            self.short_place(mv.from),
            self.short_place(mv.to),
            self.consequences(&effects),
        );
        if mv != Move::MISS_TURN {
            self.log.push((mover, entry));
        }
        self.log.extend(self.settled(effects.turn_end.as_ref()));
        self.played.push(Played {
            seat: mover,
            side,
            mv,
        });
        self.selected = None;
        self.offered.clear();
        self.hint = None;
        self.notice.clear();
        Ok(effects)
    }

    /// Whether a person can take back the last move now: it was a
    /// person's, no throw has followed, and no computer is to act.
    pub fn can_take_back(&self) -> bool {
        matches!(self.game.record().events.last(), Some(Event::Move { .. }))
            && self
                .played
                .last()
                .is_some_and(|p| !self.kinds[p.seat.index()].is_computer())
            && !self.mover_kind().is_computer()
            && self.prompt() != Prompt::Over
    }

    /// Chopat: the square where the pawns the mover plays must still form
    /// their Jug, which the board marks until Kajalvun.
    pub fn kajalvun_square(&self) -> Option<Cell> {
        let (p, side) = (self.position(), self.mover_pawns());
        let step = p.kajalvun_due(side).filter(|_| !p.is_over())?;
        p.board().cell(side, step)
    }

    /// The last move as the board marks it.
    pub fn trail(&self) -> Option<Trail> {
        let p = self.played.last()?;
        let board = self.position().board();
        Some((
            p.side,
            board.cell(p.side, p.mv.from),
            board.cell(p.side, p.mv.to),
        ))
    }

    /// Takes back the last move: the pawns stand as before it and its
    /// values are to spend again. The moves before it in the same turn can
    /// be taken back in turn.
    pub fn take_back(&mut self) -> bool {
        if !self.can_take_back() || self.game.take_back().is_none() {
            return false;
        }
        let seat = self.played.pop().expect("a move to take back").seat;
        // The move's own line, the last one written.
        self.log.pop();
        self.sync_pawns();
        self.select_only_move();
        self.hint = None;
        self.notice = format!("{} took back a move", self.name(seat));
        true
    }

    /// Shows a suggested move: its pawn chosen and only its square lit.
    pub fn suggest(&mut self, mv: Move) {
        self.hint = Some(mv);
        self.selected = Some(mv.from);
        self.offered = vec![mv];
        self.notice = format!("Suggested: {}", self.describe(mv));
    }

    /// After a move has been shown: the next thing to offer.
    pub fn select_only_move(&mut self) {
        self.selected = None;
        self.offered.clear();
        if self.passing.is_none() && self.game.phase() == Phase::Move {
            let moves = self.game.legal_moves();
            // One possible move is offered, but the player confirms it.
            if let [only] = moves[..] {
                self.selected = Some(only.from);
                self.offered = moves;
            }
        }
    }

    /// The values a move spends.
    fn spent_values(&self, mv: Move) -> Vec<u8> {
        mv.values(self.game.turn().throws())
    }

    /// A move as its button and the suggestion name it, with what it would
    /// do beyond moving: "Move 3 to square 14, cut red".
    pub fn describe(&self, mv: Move) -> String {
        self.movement(mv) + &self.foreseen(mv)
    }

    /// What a legal move would do besides moving (", cut red"), from the
    /// engine's preview of it.
    fn foreseen(&self, mv: Move) -> String {
        match self.game.preview(mv) {
            Ok((_, effects)) => self.consequences(&effects),
            Err(_) => String::new(),
        }
    }

    /// Which pawns a move takes where, and with which values.
    fn movement(&self, mv: Move) -> String {
        let who = match mv.pawns {
            1 => "",
            2 => "the pair ",
            _ => "the group ",
        };
        let values = self.spent_values(mv);
        let by = values_text(&values);
        // Pawns on one square that have moved differently this turn.
        let which = match self.game.turn().mover_values(mv) {
            None => String::new(),
            Some(v) if v.is_empty() => ", the other pawn".into(),
            Some(v) => {
                let v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                format!(", the pawn that moved with {}", v.join(" and "))
            }
        };
        if mv == Move::MISS_TURN {
            "Miss the turn".into()
        } else if self.is_khado_karvo() {
            let pawns = if mv.pawns == 1 { "a pawn" } else { "two pawns" };
            format!("Bring {pawns} back from Home to {}", self.place_name(mv.to))
        } else if mv.from == 0 {
            format!("Enter {who}with {by} to {}{which}", self.place_name(mv.to))
        } else {
            // A pair on a doublet, Akbar's doubles and Khim, Chopat's
            // opening split: the pawns go another distance than the values
            // add up to (going on past Home starts again from step 0).
            let (from, to) = (u32::from(mv.from), u32::from(mv.to));
            let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
            let home = u32::from(self.position().home());
            let how = if from + sum == to || from + sum == to + home {
                by
            } else {
                let squares = to.saturating_sub(from);
                let unit = if squares == 1 { "square" } else { "squares" };
                format!("{squares} {unit} ({by})")
            };
            format!("Move {who}{how} to {}{which}", self.place_name(mv.to))
        }
    }

    /// What a move did besides moving, from its effects: whom it cut
    /// (where it landed: the victims' own step numbers would name that
    /// square differently), then what it changed for the throws and moves
    /// to come (", the way Home is open", ", forms the Jug"), and the pair
    /// it named true.
    fn consequences(&self, effects: &Effects) -> String {
        let mut text = String::new();
        let cut = self.position().game().capture_word();
        for victim in Side::ALL {
            let colour = self.colour(victim).to_lowercase();
            match effects.captured_of(victim) {
                0 => {}
                1 => text.push_str(&format!(", {cut} {colour}")),
                2 => text.push_str(&format!(", {cut} a {colour} pair")),
                n => text.push_str(&format!(", {cut} {n} {colour}")),
            }
        }
        for milestone in &effects.milestones {
            match *milestone {
                Milestone::WayHomeOpen => text.push_str(", the way Home is open"),
                Milestone::TurnEarned => text.push_str(", another turn"),
                Milestone::Finished { place } => {
                    text.push_str(&format!(", finishes {}", ordinal(place.into())))
                }
                Milestone::Kajalvun => text.push_str(", forms the Jug"),
                Milestone::PassedJug => text.push_str(", passes over the Jug"),
                Milestone::TruePairNamed { step } => {
                    text.push_str(&format!(", the pair on {} true", self.place_name(step)))
                }
                Milestone::JugMoved | Milestone::Home { .. } | Milestone::BackFromHome => {}
            }
        }
        text
    }

    fn place_name(&self, step: u8) -> String {
        let p = self.position();
        if step == p.home() {
            "Home".into()
        } else if step == 0 {
            "the start".into()
        } else {
            format!("square {}", square_number(p.board_kind(), p.home(), step))
        }
    }

    fn short_place(&self, step: u8) -> String {
        let p = self.position();
        match step {
            0 => "start".into(),
            s if s == p.home() => "Home".into(),
            s => square_number(p.board_kind(), p.home(), s).to_string(),
        }
    }

    /// What a screen reader says for a pawn.
    pub fn pawn_label(&self, pawn: PawnAt, stack: usize, movable: bool) -> String {
        let p = self.position();
        let colour = self.colour(pawn.side);
        // Steps 8 and 76 are one square: two pawns there are drawn apart
        // but are a pair.
        let paired_apart =
            p.pawns_on_square(pawn.side, pawn.step) > p.pawns_on(pawn.side, pawn.step);
        let what = match stack {
            1 if paired_apart && p.is_false_pair(pawn.side, pawn.step) => "pawn of a false pair",
            1 if paired_apart => "pawn of a pair",
            0 | 1 => "pawn",
            2 if p.flags(pawn.side).jug == Some(pawn.step) => "Jug",
            2 if p.is_false_pair(pawn.side, pawn.step) => "false pair",
            2 => "pair",
            _ => "group",
        };
        let place = match pawn.step {
            0 => "waiting to enter".to_string(),
            s if s == p.home() => "at Home".to_string(),
            s => format!("on square {}", square_number(p.board_kind(), p.home(), s)),
        };
        let mut label = format!("{colour} {what} {place}");
        if movable {
            let mut to: Vec<String> = Vec::new();
            for m in self.moves_from(pawn.step) {
                let name = match m.to {
                    t if t == p.home() => "Home".to_string(),
                    t => square_number(p.board_kind(), p.home(), t).to_string(),
                };
                if !to.contains(&name) {
                    to.push(name);
                }
            }
            label.push_str(&format!(", can move to {}", to.join(" or ")));
        }
        label
    }

    /// Makes the pawns' ids agree with the engine's position: a pawn keeps
    /// its id while its step still holds one of its side's pawns, and the
    /// pawns that moved take the steps left over.
    pub fn sync_pawns(&mut self) {
        let pos = *self.position();
        let mut next: Vec<PawnAt> = Vec::new();
        for &side in pos.seats() {
            let mut left: Vec<u8> = pos.pawns(side).to_vec();
            let mine: Vec<PawnAt> = self
                .pawns
                .iter()
                .filter(|p| p.side == side)
                .copied()
                .collect();
            if mine.len() != left.len() {
                // A new game: number the pawns as they come.
                next.extend(left.iter().map(|&step| PawnAt { id: 0, side, step }));
                continue;
            }
            let mut moved: Vec<PawnAt> = Vec::new();
            for p in mine {
                match left.iter().position(|&s| s == p.step) {
                    Some(i) => {
                        left.swap_remove(i);
                        next.push(p);
                    }
                    None => moved.push(p),
                }
            }
            next.extend(
                moved
                    .into_iter()
                    .zip(left)
                    .map(|(p, step)| PawnAt { step, ..p }),
            );
        }
        next.sort_by_key(|p| (p.side, p.id));
        for (i, p) in next.iter_mut().enumerate() {
            p.id = i;
        }
        self.pawns = next;
    }

    /// The ids of the pawns a move carries.
    pub fn moving_ids(&self, mv: Move) -> Vec<usize> {
        let side = self.game.pawn_side();
        self.pawns
            .iter()
            .filter(|p| p.side == side && p.step == mv.from)
            .take(mv.pawns as usize)
            .map(|p| p.id)
            .collect()
    }
}

/// A saved game's events are replayed through the session, so that the
/// log tells the game as it was played.
impl ReplayTarget for Session {
    fn game(&self) -> &Match {
        &self.game
    }

    fn throw(&mut self) -> Thrown {
        self.acknowledge_pass();
        Session::throw(self)
    }

    fn play(&mut self, mv: Move) -> Result<Effects, Illegal> {
        self.acknowledge_pass();
        let effects = self.play_move(mv)?;
        self.sync_pawns();
        Ok(effects)
    }
}

/// "1 move", "142 moves".
pub fn moves_text(n: usize) -> String {
    match n {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}

pub fn values_text(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

pub(super) fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Options};
    use std::collections::HashSet;

    fn session(seed: u64) -> Session {
        let m = Match::new(Game::Pagade, Options::new(Game::Pagade), seed).unwrap();
        Session::new(m, Default::default(), Default::default())
    }

    #[test]
    fn a_saved_games_summary_says_how_far_it_got_and_whose_turn_it_is() {
        let m = Match::new(Game::Pagade, Options::new(Game::Pagade), 3).unwrap();
        let mut s = Session::new(
            m,
            ["Asha".into(), String::new(), "Ravi".into(), String::new()],
            Default::default(),
        );
        assert_eq!(s.summary().progress, "Just begun · Asha to move");
        while s.game.mover() == Side(0) {
            if s.game.phase() == Phase::Move {
                s.play(s.game.legal_moves()[0]).unwrap();
            } else {
                s.throw();
                s.acknowledge_pass();
            }
        }
        // Black's turn played: its moves counted, and Ravi's turn next.
        let moves = s.moves_made();
        assert!(moves > 0);
        let progress = s.summary().progress;
        assert!(progress.starts_with(&format!("{moves} move")), "{progress}");
        assert!(progress.ends_with(" made · Ravi to move"), "{progress}");
    }

    #[test]
    fn a_turn_that_passes_is_shown_with_the_passing_players_colour() {
        // Entry throws: a throw of 1, 2 or 3 brings no pawn in.
        let mut options = Options::new(Game::ChowkaBhara);
        options
            .set(Game::ChowkaBhara, "entry_throws", "on")
            .unwrap();
        let seed = (0..100)
            .find(|&seed| {
                let mut m = Match::new(Game::ChowkaBhara, options, seed).unwrap();
                m.throw().after == AfterThrow::Passed
            })
            .expect("some seed's first throw passes");
        let m = Match::new(Game::ChowkaBhara, options, seed).unwrap();
        let mut s = Session::new(m, Default::default(), Default::default());
        let red = s.mover();
        s.throw();
        // The engine has moved on to Green; the screen still shows Red.
        assert_ne!(s.game.pawn_side(), red);
        assert_eq!((s.mover(), s.mover_pawns()), (red, red));
        s.acknowledge_pass();
        assert_eq!(s.mover_pawns(), s.game.pawn_side());
        assert_ne!(s.mover(), red);
    }

    #[test]
    fn a_pawn_keeps_its_id_as_it_moves() {
        let mut s = session(3);
        while s.game.phase() != Phase::Move {
            s.throw();
            s.acknowledge_pass();
        }
        let mv = s.game.legal_moves()[0];
        let moving = s.moving_ids(mv);
        let before = s.pawns.clone();
        s.play(mv).unwrap();
        s.sync_pawns();
        for (old, new) in before.iter().zip(&s.pawns) {
            assert_eq!(old.id, new.id);
            if moving.contains(&old.id) {
                assert_eq!(new.step, mv.to);
            } else {
                assert_eq!(new.step, old.step, "pawn {} stayed", old.id);
            }
        }
    }

    #[test]
    fn the_board_faces_the_person_to_move_or_the_last_one_before_the_computer() {
        use crate::ai::Level;
        let options = Options::new(Game::Pagade).with_mode(crate::rules::Mode::FourPlayer);
        let m = Match::new(Game::Pagade, options, 5).unwrap();
        let computer = SeatKind::Computer(Level::Easy);
        let kinds = [SeatKind::Person, computer, SeatKind::Person, computer];
        let mut s = Session::new(m.clone(), Default::default(), kinds);
        let mut movers = HashSet::new();
        while movers.len() < 4 {
            let expected = match s.mover() {
                Side(0) | Side(1) => Side(0),
                _ => Side(2),
            };
            assert_eq!(s.facing(), Some(expected), "{:?} to move", s.mover());
            movers.insert(s.mover());
            if s.game.phase() == Phase::Throw {
                s.throw();
                s.acknowledge_pass();
            } else {
                s.play(s.game.legal_moves()[0]).unwrap();
            }
        }
        let everyone_computer = Session::new(m, Default::default(), [computer; 4]);
        assert_eq!(everyone_computer.facing(), None);
    }

    /// A session at `json` whose first throw is `values` (the seed is
    /// searched for one that throws them), in its move phase.
    fn thrown(json: &str, values: &[u8]) -> Session {
        let pos = Position::from_json(json).unwrap();
        let mut want = values.to_vec();
        want.sort();
        (0..5000)
            .find_map(|seed| {
                let m = Match::from_position(pos, seed);
                let mut s = Session::new(m, Default::default(), Default::default());
                // Bonus throws too, up to the move phase.
                while s.game.phase() == Phase::Throw && s.game.turn().seat() == pos.to_move() {
                    s.throw();
                }
                // A throw with no legal move has passed the turn already.
                let mut got = s.game.turn().throws().first()?.values().to_vec();
                got.sort();
                (got == want && s.game.phase() == Phase::Move).then_some(s)
            })
            .expect("some seed throws the values")
    }

    /// The legal move of `pawns` pawns (one, or a pair together) from
    /// `from` to `to`.
    fn legal(s: &Session, from: u8, to: u8, pawns: u8) -> Move {
        s.game
            .legal_moves()
            .into_iter()
            .find(|m| (m.from, m.to, m.pawns) == (from, to, pawns))
            .expect("a legal move")
    }

    /// Plays the legal move of one pawn from `from` to `to`; its log entry.
    fn logged_move(s: &mut Session, from: u8, to: u8) -> String {
        s.play(legal(s, from, to, 1)).unwrap();
        s.log.last().unwrap().1.clone()
    }

    fn described(s: &Session) -> Vec<String> {
        s.game
            .legal_moves()
            .into_iter()
            .map(|m| s.describe(m))
            .collect()
    }

    #[test]
    fn the_log_says_when_chopat_withholds_a_bonus_forms_the_jug_and_passes_over_it() {
        let mut s = thrown(
            r#"{"game":"chopat","seats":["black","yellow"],"to_move":"black",
            "pawns":{"black":[6,7,31,34],"yellow":[6,7,12,12]},
            "flags":{"black":{"has_thrown":true}}}"#,
            &[3, 3],
        );
        assert_eq!(s.log.last().unwrap().1, "threw 3 + 3: no Jug yet, no bonus");
        assert_eq!(logged_move(&mut s, 31, 34), "31 → 34 (3), forms the Jug");
        assert_eq!(logged_move(&mut s, 6, 9), "6 → 9 (3)");
        // Yellow's 70 is Black's 36.
        let mut s = thrown(
            r#"{"game":"chopat","seats":["black","yellow"],"to_move":"black",
            "pawns":{"black":[7,35,37,37],"yellow":[6,7,12,70]},
            "flags":{"black":{"kajalvun":true,"has_thrown":true,"jug":37,"jug_moved":true},
                     "yellow":{"has_thrown":true}}}"#,
            &[3, 4],
        );
        assert!(!s.log.last().unwrap().1.contains("bonus"), "not a doublet");
        assert_eq!(
            logged_move(&mut s, 35, 39),
            "35 → 39 (4), passes over the Jug"
        );
        // Once Yellow's turn has ended without cutting it, it counts.
        let mut s = thrown(
            r#"{"game":"chopat","seats":["black","yellow"],"to_move":"yellow",
            "pawns":{"black":[10,37,37,39],"yellow":[6,7,12,12]},
            "flags":{"black":{"kajalvun":true,"has_thrown":true,"jug":37,"jug_moved":true,
                              "ool":"pending","ool_pawn":39},
                     "yellow":{"has_thrown":true}}}"#,
            &[3, 4],
        );
        while s.mover() == Side(2) {
            let mv = s.game.legal_moves()[0];
            s.play(mv).unwrap();
        }
        assert_eq!(
            s.log.last().unwrap(),
            &(Side(0), "Ool Olangvun done".into())
        );
    }

    #[test]
    fn a_screen_reader_hears_pawns_on_steps_8_and_76_as_a_pair() {
        // One square, drawn as two pawns apart; with the false-pair rule
        // and the pair on 40 named true, the pair there is false.
        let s = thrown(
            r#"{"game":"chopat","options":{"false_pair":true},"seats":["black","yellow"],
            "to_move":"black","pawns":{"black":[8,40,40,76],"yellow":[6,7,12,12]},
            "flags":{"black":{"kajalvun":true,"has_thrown":true,"true_pair":40}}}"#,
            &[3, 4],
        );
        let label = |step: u8| {
            let pawn = *s.pawns.iter().find(|p| p.step == step).unwrap();
            s.pawn_label(pawn, 1, false)
        };
        assert_eq!(label(8), "Black pawn of a false pair on square 8");
        assert_eq!(label(76), "Black pawn of a false pair on square 8");
        let lone = thrown(
            r#"{"game":"chopat","seats":["black","yellow"],
            "to_move":"black","pawns":{"black":[8,40,40,75],"yellow":[6,7,12,12]},
            "flags":{"black":{"kajalvun":true,"has_thrown":true}}}"#,
            &[3, 4],
        );
        let pawn = *lone.pawns.iter().find(|p| p.step == 8).unwrap();
        assert_eq!(lone.pawn_label(pawn, 1, false), "Black pawn on square 8");
    }

    #[test]
    fn forming_a_second_pair_offers_a_choice_of_which_is_true() {
        // Chopat's false-pair rule: 42 -> 49 on 3 + 4 forms a pair beside
        // the one on 40.
        let mut s = thrown(
            r#"{"game":"chopat","options":{"false_pair":true},"seats":["black","yellow"],
            "to_move":"black","pawns":{"black":[40,40,42,49],"yellow":[6,7,12,71]},
            "flags":{"black":{"kajalvun":true,"has_thrown":true}}}"#,
            &[3, 4],
        );
        let id = s.pawns.iter().find(|p| p.step == 42).unwrap().id;
        assert_eq!(s.tap_pawn(id), Ok(None));
        let cell = s.position().board().cell(Side(0), 49).unwrap();
        assert_eq!(s.tap_cell(cell), Ok(None), "no move yet: a choice");
        let choices: Vec<String> = s.offered.iter().map(|&m| s.describe(m)).collect();
        assert_eq!(
            choices,
            [
                "Move 4 + 3 to square 49, the pair on square 49 true",
                "Move 4 + 3 to square 49, the pair on square 40 true"
            ]
        );
        let standing = s.offered[1];
        s.play(standing).unwrap();
        assert!(
            s.log
                .iter()
                .any(|(_, l)| l == "42 → 49 (4 + 3), the pair on square 40 true"),
            "{:?}",
            s.log
        );
        assert!(s.position().is_false_pair(Side(0), 49));
    }

    #[test]
    fn the_log_says_when_the_first_cut_opens_the_way_home() {
        // Pagade: Black's pawn on 10 cuts Yellow's pawn on Black's 14.
        let cut_line = |has_cut: bool| {
            let mut s = thrown(
                &format!(
                    r#"{{"game":"pagade","options":{{"mode":"2p"}},"seats":["black","yellow"],
                    "to_move":"black","pawns":{{"black":[6,7,10,20],"yellow":[6,7,12,48]}},
                    "flags":{{"black":{{"has_cut":{has_cut}}}}}}}"#
                ),
                &[1, 3],
            );
            logged_move(&mut s, 10, 14)
        };
        let first = cut_line(false);
        assert!(first.starts_with("10 → 14 ("), "{first}");
        assert!(
            first.ends_with(", cut yellow, the way Home is open"),
            "{first}"
        );
        let second = cut_line(true);
        assert!(second.ends_with(", cut yellow"), "{second}");
    }

    #[test]
    fn a_move_is_named_with_what_it_would_do_and_naming_it_changes_nothing() {
        let mut s = thrown(
            r#"{"game":"pagade","options":{"mode":"2p"},"seats":["black","yellow"],
            "to_move":"black","pawns":{"black":[6,7,10,20],"yellow":[6,7,12,48]}}"#,
            &[1, 3],
        );
        let before = (*s.position(), s.game.values_left(), s.log.len());
        let named = |from: u8, to: u8| s.describe(legal(&s, from, to, 1));
        let cut = named(10, 14);
        assert!(
            cut.starts_with("Move ") && cut.contains(" to square "),
            "{cut}"
        );
        assert!(cut.ends_with(", cut yellow, the way Home is open"), "{cut}");
        assert!(!named(20, 24).contains(", "), "a plain move says no more");
        let after = (*s.position(), s.game.values_left(), s.log.len());
        assert_eq!(before, after);
        // The lit squares are read out the same way.
        s.selected = Some(10);
        let mut labels: Vec<String> = s.targets().into_iter().map(|t| t.label).collect();
        labels.sort();
        assert_eq!(labels.len(), 3, "{labels:?}");
        assert!(labels[0].starts_with("Move to square "), "{labels:?}");
        let cutting: Vec<&String> = labels.iter().filter(|l| l.contains(", ")).collect();
        assert_eq!(cutting.len(), 1, "{labels:?}");
        assert_eq!(
            cutting[0],
            &format!(
                "Move to {}, cut yellow, the way Home is open",
                s.place_name(14)
            )
        );
    }

    #[test]
    fn a_lit_square_reached_in_ways_that_do_different_things_is_read_out_plainly() {
        // From the pair on 35 over the Jug, which has moved to 38, to 39,
        // with a (4, 4) and the bonus throw after it: a single pawn passing
        // over the Jug begins Ool Olangvun, the pair moving together does
        // not.
        let mut s = thrown(
            r#"{"game":"chopat","seats":["black","yellow"],"to_move":"black",
            "pawns":{"black":[38,38,35,35],"yellow":[6,7,12,12]},
            "flags":{"black":{"has_thrown":true,"kajalvun":true,"jug":38,"jug_moved":true},
                     "yellow":{"has_thrown":true}}}"#,
            &[4, 4],
        );
        let to_39 = |pawns: u8| s.describe(legal(&s, 35, 39, pawns));
        assert!(to_39(1).ends_with(", passes over the Jug"), "{}", to_39(1));
        assert!(!to_39(2).contains(", "), "{}", to_39(2));
        s.selected = Some(35);
        let labels: Vec<String> = s.targets().into_iter().map(|t| t.label).collect();
        // Plain where the ways differ; said where the only way is a single.
        for label in [
            "Move to square 39",
            "Move to square 43, passes over the Jug",
        ] {
            assert!(labels.contains(&label.to_string()), "{labels:?}");
        }
    }

    #[test]
    fn chowka_bhara_logs_a_hit_in_its_own_word_and_the_turn_it_earns() {
        let mut s = thrown(
            r#"{"game":"chowka-bhara","seats":["red","yellow"],"to_move":"red",
            "pawns":{"red":[1,1,1,2],"yellow":[1,1,1,12]}}"#,
            &[2],
        );
        let line = logged_move(&mut s, 2, 4);
        assert!(
            line.ends_with(", hit yellow, the way Home is open, another turn"),
            "{line}"
        );
    }

    #[test]
    fn the_log_says_who_finishes_and_in_which_place() {
        let mut s = thrown(
            r#"{"game":"pagade","options":{"mode":"4p"},"seats":["black","red","yellow","green"],
            "to_move":"black","places":["green"],
            "pawns":{"black":[80,84,84,84],"red":[6,7,12,12],"yellow":[6,7,12,12],
                     "green":[84,84,84,84]},
            "flags":{"black":{"has_cut":true},"green":{"has_cut":true}}}"#,
            &[1, 3],
        );
        let line = logged_move(&mut s, 80, 84);
        assert!(line.contains(" → Home ("), "{line}");
        assert!(line.ends_with("), finishes 2nd"), "{line}");
    }

    #[test]
    fn a_move_that_goes_another_distance_than_its_values_add_up_to_says_how_far() {
        // A pair on a doublet moves the value once.
        let pagade = thrown(
            r#"{"game":"pagade","options":{"mode":"2p"},"seats":["black","yellow"],"to_move":"black",
            "pawns":{"black":[6,7,12,12],"yellow":[6,7,12,12]}}"#,
            &[3, 3],
        );
        let moves = described(&pagade);
        assert!(moves.contains(&"Move the pair 3 squares (3 + 3) to square 15".to_string()));
        assert!(
            moves.contains(&"Move 3 + 3 to square 18".to_string()),
            "{moves:?}"
        );
        // Chopat's opening (1, 1) splits the pair: one pawn 12 squares on.
        let chopat = thrown(
            r#"{"game":"chopat","options":{"mode":"2p"},"seats":["black","yellow"],"to_move":"black",
            "pawns":{"black":[6,7,12,12],"yellow":[6,7,12,12]}}"#,
            &[1, 1],
        );
        assert!(described(&chopat).contains(&"Move 12 squares (1 + 1) to square 24".to_string()));
        // Akbar's Khim moves each pawn of a pair 6.
        let khim = thrown(
            r#"{"game":"chaupar-akbar","options":{"mode":"teams"},"seats":["black","red","yellow","green"],
            "to_move":"black","pawns":{"black":[20,20,40,50],"red":[1,2,3,4],"yellow":[1,2,3,4],"green":[1,2,3,4]}}"#,
            &[6, 5, 1],
        );
        let moves = described(&khim);
        assert!(
            moves.iter().any(
                |m| m.starts_with("Move the pair 6 squares (") && m.ends_with(") to square 26")
            ),
            "{moves:?}"
        );
        // Going on past Home (overshoot: new circuit) counts as the values.
        let past = thrown(
            r#"{"game":"chopat","options":{"mode":"2p"},"seats":["black","yellow"],"to_move":"black",
            "pawns":{"black":[82,84,84,84],"yellow":[6,7,12,12]},"flags":{"black":{"has_thrown":true,"kajalvun":true}}}"#,
            &[3, 6],
        );
        let moves = described(&past);
        assert_eq!(moves.len(), 1);
        assert!(moves[0].starts_with("Move ") && moves[0].ends_with(" to square 7"));
        assert!(!moves[0].contains("squares"), "{moves:?}");
    }

    #[test]
    fn a_finished_partners_moves_are_logged_with_the_colour_they_moved() {
        let pos = Position::from_json(
            r#"{"game": "chaupar", "options": {"mode": "teams"}, "to_move": "black",
            "seats": ["black", "red", "yellow", "green"], "places": ["black"],
            "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4],
                      "yellow": [20, 30, 40, 50], "green": [1, 2, 3, 4]}}"#,
        )
        .unwrap();
        let names = ["Asha".into(), String::new(), "Mira".into(), String::new()];
        let mut s = Session::new(Match::from_position(pos, 1), names, Default::default());
        s.throw();
        let mv = s.game.legal_moves()[0];
        s.play(mv).unwrap();
        let (seat, line) = s.log.last().unwrap();
        assert_eq!(*seat, Side(0), "Asha threw and moved");
        assert!(line.starts_with("yellow "), "{line}");
    }

    /// Chopat with Khado Karvo: Black has finished and may bring a pawn
    /// back to cut Red's pawn on square 53.
    fn khado_karvo_position(to_move: &str) -> Position {
        Position::from_json(&format!(
            r#"{{"game": "chopat", "options": {{"khado_karvo": true}}, "to_move": "{to_move}",
            "seats": ["black", "red", "yellow", "green"],
            "pawns": {{"black": [84, 84, 84, 84], "red": [6, 7, 12, 53],
                      "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12]}},
            "flags": {{"black": {{"kajalvun": true}}, "red": {{"kajalvun": true, "ool": "done"}}}},
            "places": ["black"]}}"#
        ))
        .unwrap()
    }

    #[test]
    fn khado_karvo_choices_are_named_for_what_they_do() {
        let pos = khado_karvo_position("black");
        let mut s = Session::new(
            Match::from_position(pos, 1),
            Default::default(),
            Default::default(),
        );
        assert!(s.is_khado_karvo());
        let [back, miss] = s.game.legal_moves()[..] else {
            panic!("two choices")
        };
        assert_eq!(
            s.describe(back),
            "Bring a pawn back from Home to square 70, cut red"
        );
        assert_eq!(s.describe(miss), "Miss the turn");
        // A hint to let the turn go offers it as the one choice.
        s.suggest(miss);
        assert_eq!(s.notice, "Suggested: Miss the turn");
        assert_eq!(s.offered, vec![Move::MISS_TURN]);
        s.play(miss).unwrap();
        assert!(!s.is_khado_karvo());
        assert_eq!(s.log.last().unwrap().1, "misses turn 1 of 4");
    }

    #[test]
    fn a_move_is_taken_back_only_by_the_person_who_made_it() {
        // Green, the computer, moves; then Black, who has finished, brings a
        // pawn back to cut (Khado Karvo) with no throw between the two moves.
        let pos = khado_karvo_position("green");
        let mut kinds = [SeatKind::Person; 4];
        kinds[3] = SeatKind::Computer(crate::ai::Level::Easy);
        let mut s = Session::new(Match::from_position(pos, 1), Default::default(), kinds);
        while s.game.mover() == Side(3) {
            match s.game.phase() {
                Phase::Throw => {
                    s.throw();
                }
                _ => {
                    let mv = s.game.legal_moves()[0];
                    s.play(mv).unwrap();
                }
            }
        }
        assert!(matches!(
            s.game.record().events.last(),
            Some(Event::Move { .. })
        ));
        assert!(!s.can_take_back(), "Green's move is the computer's");
        let back = s.game.legal_moves()[0];
        assert_ne!(back, Move::MISS_TURN);
        s.play(back).unwrap();
        assert!(s.can_take_back(), "Black's own move");
        assert!(s.take_back());
        assert_eq!(s.game.legal_moves()[0], back, "Black chooses again");
        assert!(!s.can_take_back(), "the move before it was Green's");
        assert!(!s.take_back());
    }

    #[test]
    fn a_tap_on_a_rival_pawn_says_whose_turn_it_is() {
        let mut s = session(5);
        while s.game.phase() != Phase::Move {
            s.throw();
            s.acknowledge_pass();
        }
        let rival = s
            .pawns
            .iter()
            .find(|p| p.side != s.game.pawn_side())
            .unwrap()
            .id;
        let before = *s.position();
        let reason = s.tap_pawn(rival).unwrap_err();
        assert!(reason.contains("moves"), "{reason}");
        assert_eq!(*s.position(), before);
    }
}
