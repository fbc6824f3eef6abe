//! SVG board pictures: well-formed documents for positions of both games,
//! one shape per piece, coordinates and highlights as asked, and the
//! pictures in docs/ made from the records in tests/data/records/.

use kaissa_chaturaji::chaturaji::{self, Roll};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::record::Record;
use kaissa_chaturaji::svg::{self, SvgOptions};

/// Checks that `text` is well-formed XML as far as these pictures go:
/// elements nest and close, attribute values are quoted, `&` only starts
/// an entity. Returns the element names in document order.
fn check_xml(text: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let chars = &rest[..open];
        for (i, _) in chars.match_indices('&') {
            let entity = &chars[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {chars:?}"
            );
        }
        let close = rest[open..].find('>').expect("unclosed tag") + open;
        let tag = &rest[open + 1..close];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body.split_whitespace().next().expect("element name");
            assert_eq!(
                body.matches('"').count() % 2,
                0,
                "unbalanced quotes in <{tag}>"
            );
            for attribute in body.split('"').step_by(2).skip(1) {
                let attribute = attribute.trim();
                assert!(attribute.is_empty() || attribute.ends_with('='), "<{tag}>");
            }
            names.push(name.to_string());
            if !self_closing {
                stack.push(name.to_string());
            }
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed elements {stack:?}");
    assert_eq!(names.first().map(String::as_str), Some("svg"));
    names
}

fn count(names: &[String], name: &str) -> usize {
    names.iter().filter(|n| *n == name).count()
}

#[test]
fn kaissa_pictures_of_many_positions() {
    let mut rng = SplitMix64::new(11);
    let mut pos = kaissa::Position::start();
    let mut last = None;
    for ply in 0..300 {
        if ply % 10 == 0 {
            let picture = svg::kaissa(&pos, last, &SvgOptions::default());
            let names = check_xml(&picture);
            let pieces = pos.occupied().count() as usize;
            let stones = (pos.pieces_of_kind(kaissa::PieceKind::HomeStone)).count() as usize;
            assert_eq!(count(&names, "circle"), pieces - stones);
            // 100 squares, the border, the background, the stones, the
            // highlight frames (one for a placement).
            let frames = last.map_or(0, |m: kaissa::Move| if m.from().is_some() { 2 } else { 1 });
            assert_eq!(count(&names, "rect"), 102 + stones + frames, "{pos}");
            assert_eq!(
                count(&names, "line"),
                usize::from(last.is_some_and(|m| m.from().is_some()))
            );
            // Ten file letters, ten rank numbers, one letter per piece.
            assert_eq!(count(&names, "text"), 20 + pieces);
            assert!(picture.contains(&format!("<title>{pos}</title>")));
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        last = Some(mv);
    }
}

#[test]
fn chaturaji_pictures_of_many_positions() {
    for rules in [chaturaji::Rules::default(), chaturaji::Rules::ludii()] {
        let mut rng = SplitMix64::new(5);
        let mut pos = chaturaji::Position::start(rules);
        let mut last = None;
        // The Ludii ruleset has no thrones to frame.
        let thrones = if rules.is_ludii() { 0 } else { 4 };
        for ply in 0..400 {
            if ply % 10 == 0 {
                let picture = svg::chaturaji(&pos, last, &SvgOptions::default());
                let names = check_xml(&picture);
                let pieces = pos.occupied().count() as usize;
                assert_eq!(count(&names, "circle"), pieces);
                assert_eq!(count(&names, "path"), 16, "the marked squares");
                let highlighted = last.is_some_and(|m: chaturaji::Move| m.from().is_some());
                // 64 squares, the background, the border, the thrones, 2 frames.
                assert_eq!(
                    count(&names, "rect"),
                    66 + thrones + 2 * usize::from(highlighted)
                );
                assert_eq!(count(&names, "text"), 16 + pieces);
            }
            let roll = Roll::ALL[rng.below(4) as usize];
            let Some(mv) = pos.choose_move(roll, &mut rng) else {
                break;
            };
            pos.play_unchecked(mv);
            last = Some(mv);
        }
    }
}

#[test]
fn options_change_size_and_coordinates() {
    let pos = kaissa::Position::start();
    let small = svg::kaissa(
        &pos,
        None,
        &SvgOptions::default()
            .with_square_size(10)
            .with_coordinates(false),
    );
    assert!(small.contains("width=\"100\" height=\"100\""), "{small}");
    assert_eq!(count(&check_xml(&small), "text"), 40);
    let tiny = svg::kaissa(&pos, None, &SvgOptions::default().with_square_size(0));
    assert!(
        tiny.contains("width=\"88\""),
        "squares of at least 8 pixels"
    );
    let huge = svg::chaturaji(
        &chaturaji::Position::default(),
        None,
        &SvgOptions::default().with_square_size(u32::MAX),
    );
    assert!(
        huge.contains("width=\"9000\""),
        "squares of at most 1000 pixels"
    );
}

#[test]
fn the_pictures_in_docs_are_fresh() {
    let root = env!("CARGO_MANIFEST_DIR");
    for game in ["kaissa", "chaturaji"] {
        let record_path = format!("{root}/tests/data/records/{game}.txt");
        let record: Record = std::fs::read_to_string(&record_path)
            .expect("the example record")
            .parse()
            .expect("a valid record");
        let picture = record.svg(&SvgOptions::default());
        check_xml(&picture);
        let committed =
            std::fs::read_to_string(format!("{root}/docs/{game}.svg")).unwrap_or_default();
        assert!(
            committed == picture,
            "docs/{game}.svg is stale; refresh it with\n\n    cargo run --example record -- svg < tests/data/records/{game}.txt > docs/{game}.svg\n"
        );
    }
}
