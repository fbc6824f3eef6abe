//! The one Markdown renderer of the site: CommonMark with tables and
//! strikethrough (`pulldown-cmark`), the HTML then cleaned by `ammonia`
//! (no scripts, no event attributes, no `javascript:` links), so that
//! what it returns can go into a page as it is, whoever wrote the text.

use pulldown_cmark::{html, Options, Parser};

/// The longest text [`to_html`] renders, in bytes: a longer one is cut
/// there first (at a character boundary), so the work stays bounded.
pub const MAX_MARKDOWN: usize = 256 * 1024;

/// `markdown` as safe HTML: rendered (tables, strikethrough), then
/// sanitised. Links keep their targets (only safe schemes) and get
/// `rel="noopener noreferrer"`.
pub fn to_html(markdown: &str) -> String {
    let mut end = markdown.len().min(MAX_MARKDOWN);
    while !markdown.is_char_boundary(end) {
        end -= 1;
    }
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut rendered = String::with_capacity(end + end / 2);
    html::push_html(&mut rendered, Parser::new_ext(&markdown[..end], options));
    ammonia::clean(&rendered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_tables_code_and_links() {
        let html = to_html("# T\n\n| a | b |\n|---|---|\n| `x` | [y](https://example.org/) |\n");
        assert!(html.contains("<h1>T</h1>"));
        assert!(html.contains("<table>") && html.contains("<th>a</th>"));
        assert!(html.contains("<code>x</code>"));
        assert!(html.contains("href=\"https://example.org/\""));
    }

    #[test]
    fn strips_scripts_and_script_links() {
        let html = to_html(
            "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
    }

    #[test]
    fn a_long_text_is_cut() {
        let text = "é".repeat(MAX_MARKDOWN);
        let html = to_html(&text);
        assert!(html.len() < MAX_MARKDOWN + 64);
    }
}
