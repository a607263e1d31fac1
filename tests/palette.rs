//! Text stays readable on what it lies on: every pair of the palette that
//! the screens put together (ui/theme.slint) keeps WCAG's 4.5:1 contrast.

use std::collections::HashMap;

/// The theme's named colours: its `<color>` properties and each board
/// look's fields (as `look.field`), a field naming another colour resolved.
fn palette() -> HashMap<String, [u8; 3]> {
    let theme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/theme.slint"))
        .expect("ui/theme.slint is readable");
    let mut colours = HashMap::new();
    let mut named = Vec::new();
    let mut look: Option<String> = None;
    for line in theme.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("out property <color> ") {
            let (name, value) = rest.split_once(':').expect("a property's value");
            named.push((
                name.to_string(),
                value.trim_end_matches(';').trim().to_string(),
            ));
        } else if let Some(rest) = line.strip_prefix("out property <BoardLook> ") {
            look = Some(rest.split(':').next().expect("a look's name").to_string());
        } else if line.starts_with("};") {
            look = None;
        } else if let (Some(look), Some((field, value))) = (&look, line.split_once(':')) {
            named.push((
                format!("{look}.{field}"),
                value.trim_end_matches(',').trim().to_string(),
            ));
        }
    }
    // A value is a colour (#rrggbb) or the name of one given earlier.
    for (name, value) in &named {
        let rgb = match value.strip_prefix('#') {
            Some(hex) if hex.len() == 6 => {
                let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits");
                [byte(0), byte(2), byte(4)]
            }
            // Translucent colours are drawn over others: not a text pair.
            Some(_) => continue,
            None => *colours
                .get(value)
                .unwrap_or_else(|| panic!("{name}: {value} is not a colour")),
        };
        colours.insert(name.clone(), rgb);
    }
    colours
}

/// A colour's relative luminance (WCAG 2).
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `colour` mixed with `other`, `weight` of it being `colour` (Slint's mix).
fn mix(colour: [u8; 3], other: [u8; 3], weight: f64) -> [u8; 3] {
    std::array::from_fn(|i| {
        (colour[i] as f64 * weight + other[i] as f64 * (1.0 - weight)).round() as u8
    })
}

#[test]
fn every_text_is_readable_on_what_it_lies_on() {
    let palette = palette();
    let colour = |name: &str| {
        *palette
            .get(name)
            .unwrap_or_else(|| panic!("no colour {name}"))
    };
    let pairs = [
        // Pages, panels, buttons and the log.
        ("text", "background"),
        ("text", "panel"),
        ("text", "panel-raised"),
        ("text-muted", "background"),
        ("text-muted", "panel"),
        ("text-muted", "panel-raised"),
        ("stitch", "background"),
        ("stitch", "panel"),
        ("target", "background"),
        ("target", "panel"),
        ("accent-text", "accent"),
        ("accent-text", "danger"),
        // A lit square's number on its plate.
        ("accent-text", "target"),
        // The throw tray's hint and call.
        ("text", "tray-cloth"),
        ("target", "tray-cloth"),
        // Home on the cloth, over its lotus too.
        ("cloth-look.home-text", "cloth-look.home"),
        ("cloth-look.home-text", "cloth-look.home-pattern"),
        // The turn banner's words in the mover's colour.
        ("ink-light", "pawn-black"),
        ("ink-light", "pawn-red"),
        ("ink-light", "pawn-green"),
        ("ink-light", "pawn-blue"),
        ("ink-dark", "pawn-yellow"),
    ];
    let mut failing = Vec::new();
    for (text, ground) in pairs {
        let ratio = contrast(colour(text), colour(ground));
        if ratio < 4.5 {
            failing.push(format!("{text} on {ground}: {ratio:.2}:1"));
        }
    }
    // The values to spend: dark figures on a wash of each pawn colour.
    for pawn in [
        "pawn-black",
        "pawn-red",
        "pawn-yellow",
        "pawn-green",
        "pawn-blue",
    ] {
        let wash = mix(colour(pawn), colour("text"), WASH);
        let ratio = contrast(colour("accent-text"), wash);
        if ratio < 4.5 {
            failing.push(format!("accent-text on the wash of {pawn}: {ratio:.2}:1"));
        }
    }
    assert!(failing.is_empty(), "below 4.5:1: {failing:#?}");
}

/// How much of the pawn's colour a wash keeps (theme.slint's side-wash).
const WASH: f64 = 0.42;

#[test]
fn the_wash_is_mixed_as_the_theme_mixes_it() {
    let theme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/theme.slint"))
        .expect("ui/theme.slint is readable");
    assert!(
        theme.contains(&format!(".mix(text, {WASH})")),
        "side-wash mixes {WASH} of the pawn's colour with the text colour"
    );
}

#[test]
fn a_pale_text_on_a_pale_ground_is_refused() {
    // The check itself: a contrast just under the line is caught.
    assert!(contrast([0x77, 0x77, 0x77], [0xff, 0xff, 0xff]) < 4.5);
    assert!(contrast([0x76, 0x76, 0x76], [0xff, 0xff, 0xff]) >= 4.5);
    assert!((contrast([0, 0, 0], [0xff, 0xff, 0xff]) - 21.0).abs() < 1e-9);
}
