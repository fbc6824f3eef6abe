//! The site's reading pages: `/rules/kaissa` and `/rules/chaturaji`, the
//! rules in words from the repository's `docs/rules.md` (§1 Merchant
//! Kaissa, §2 Chaturaji with §2.13 the Ludii ruleset, and §4 the piece
//! legend on both), each with its start position drawn as an inline SVG
//! picture by the library, and `/about`, the games' history and what the
//! site offers. The rules pages are rendered once, on first request,
//! through [`crate::http::markdown`] and kept.

use std::sync::OnceLock;

use axum::response::Html;
use kaissa_chaturaji::svg::{self, SvgOptions};
use kaissa_chaturaji::{chaturaji, kaissa};

use crate::http::markdown;

/// The rules reference, compiled in.
const RULES: &str = include_str!("../../../docs/rules.md");

/// The about page.
const ABOUT: &str = include_str!("../../static/about.html");

/// The navigation every page of the site carries (the static pages hold
/// the same links; the pages test checks them all).
pub const NAV: &str = "<nav class=\"site\"><a href=\"/\">Lobby</a> \
     <a href=\"/rules/kaissa\">Kaissa rules</a> \
     <a href=\"/rules/chaturaji\">Chaturaji rules</a> \
     <a href=\"/about\">About</a> <a href=\"/archive\">Archive</a> \
     <a href=\"/leaderboard\">Leaderboard</a></nav>";

/// `GET /rules/kaissa`.
pub async fn kaissa_rules() -> Html<&'static str> {
    static PAGE: OnceLock<String> = OnceLock::new();
    Html(PAGE.get_or_init(|| {
        let start = figure(
            &svg::kaissa(&kaissa::Position::start(), None, &SvgOptions::default()),
            "The start: Yellow below, Red above. Neither Home Stone is on the board yet.",
        );
        page(
            "Merchant Kaissa: the rules",
            &[
                with_figures(section(RULES, "1"), &[("### 1.3", &start)]),
                markdown::to_html(section(RULES, "4")),
            ],
        )
    }))
}

/// `GET /rules/chaturaji`.
pub async fn chaturaji_rules() -> Html<&'static str> {
    static PAGE: OnceLock<String> = OnceLock::new();
    Html(PAGE.get_or_init(|| {
        let options = SvgOptions::default();
        let sheet = figure(
            &svg::chaturaji(
                &chaturaji::Position::start(chaturaji::Rules::default()),
                None,
                &options,
            ),
            "The start under the sheet's rules: each raja on its throne, framed in its colour.",
        );
        let ludii = figure(
            &svg::chaturaji(
                &chaturaji::Position::start(chaturaji::Rules::ludii()),
                None,
                &options,
            ),
            "The start under the Ludii ruleset: the same armies, no thrones.",
        );
        page(
            "Chaturaji: the rules",
            &[
                with_figures(
                    section(RULES, "2"),
                    &[("### 2.2", &sheet), ("**Who plays.**", &ludii)],
                ),
                markdown::to_html(section(RULES, "4")),
            ],
        )
    }))
}

/// `GET /about`.
pub async fn about() -> Html<&'static str> {
    Html(ABOUT)
}

/// Section `number` of `text`: from its `## <number>.` heading to the next
/// `## ` heading, without the closing `---` rule. Empty when missing.
fn section<'a>(text: &'a str, number: &str) -> &'a str {
    let heading = format!("## {number}.");
    let mut start = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if start.is_none() && line.starts_with(&heading) {
            start = Some(offset);
        } else if start.is_some() && line.starts_with("## ") {
            break;
        }
        offset += line.len();
    }
    match start {
        Some(start) => text[start..offset].trim_end().trim_end_matches("---"),
        None => "",
    }
}

/// `text` rendered, each figure put just before the first line starting
/// with its marker (at the end when no line does).
fn with_figures(text: &str, figures: &[(&str, &str)]) -> String {
    let mut html = String::new();
    let mut rest = text;
    for (marker, figure) in figures {
        let at = rest
            .split_inclusive('\n')
            .scan(0, |offset, line| {
                let here = *offset;
                *offset += line.len();
                Some((here, line))
            })
            .find(|(_, line)| line.starts_with(marker))
            .map_or(rest.len(), |(here, _)| here);
        html.push_str(&markdown::to_html(&rest[..at]));
        html.push_str(figure);
        rest = &rest[at..];
    }
    html.push_str(&markdown::to_html(rest));
    html
}

/// A diagram (the library's own SVG, not user input) with its caption.
fn figure(svg: &str, caption: &str) -> String {
    format!("<figure class=\"diagram\">{svg}<figcaption>{caption}</figcaption></figure>\n")
}

/// A whole page titled `title` with `parts` in its main column.
fn page(title: &str, parts: &[String]) -> String {
    let mut html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} — kc-server</title>\n\
         <link rel=\"stylesheet\" href=\"/static/style.css\">\n\
         <link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\">\n\
         </head>\n<body>\n<header><a href=\"/\">kc-server</a> — Merchant Kaissa and four-player Chaturaji\n\
         {NAV}</header>\n<main class=\"prose\">\n<h1>{title}</h1>\n"
    );
    for part in parts {
        html.push_str(part);
    }
    html.push_str("</main>\n</body>\n</html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_cut_at_their_headings() {
        let text = "# T\n\nintro\n\n## 1. One\n\na\n\n---\n\n## 2. Two\n\nb\n";
        assert_eq!(section(text, "1"), "## 1. One\n\na\n\n");
        assert_eq!(section(text, "2"), "## 2. Two\n\nb");
        assert_eq!(section(text, "3"), "");
    }

    #[test]
    fn figures_go_before_their_marker() {
        let html = with_figures(
            "## A\n\nx\n\n### B\n\ny\n",
            &[("### B", "<figure></figure>")],
        );
        let figure = html.find("<figure>").unwrap();
        assert!(html.find("<p>x</p>").unwrap() < figure);
        assert!(figure < html.find("<h3>B</h3>").unwrap());
    }
}
