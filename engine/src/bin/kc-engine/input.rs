//! Reading the engine's input: one command a line, each line bounded, and
//! split into words.

use std::io::BufRead;

use kaissa_chaturaji_engine::quote;

/// The longest line read (1 MiB); the rest of a longer line is skipped.
pub const MAX_LINE: usize = 1 << 20;

/// What one read brought.
pub enum Line {
    /// A command line, without its line ending.
    Text(String),
    /// A line that cannot be a command: why.
    Bad(String),
    /// The end of the input.
    End,
}

/// Reads the next line of `input`, at most [`MAX_LINE`] bytes of it
/// kept; a longer line is consumed to its end and reported as bad, as is
/// one that is not UTF-8 or holds control characters (a tab counts as a
/// space). Read errors end the input.
pub fn next_line(input: &mut impl BufRead) -> Line {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if chunk.is_empty() {
            if bytes.is_empty() && !too_long {
                return Line::End;
            }
            break;
        }
        let (part, found_end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (&chunk[..end], true),
            None => (chunk, false),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        if part.len() > room {
            too_long = true;
        } else if !too_long {
            bytes.extend_from_slice(part);
        }
        let used = part.len() + usize::from(found_end);
        input.consume(used);
        if found_end {
            break;
        }
    }
    if too_long {
        return Line::Bad(format!("a line longer than {MAX_LINE} bytes was skipped"));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes());
            return Line::Bad(format!(
                "the line is not UTF-8 (byte {at}): \"{}\"",
                quote(&text)
            ));
        }
    };
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| c.is_control() && c != '\t')
    {
        return Line::Bad(format!(
            "control character {} at byte {at} of \"{}\"",
            c.escape_debug(),
            quote(&text)
        ));
    }
    Line::Text(text)
}

/// The words of a command line: only ASCII spaces and tabs separate
/// them (any other character, such as an ideographic space, is part of a
/// word).
pub fn words(line: &str) -> Vec<&str> {
    line.split([' ', '\t']).filter(|w| !w.is_empty()).collect()
}
