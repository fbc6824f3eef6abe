//! Evaluation weights read from a file, for the tuning and match tools
//! (`examples/texel.rs`, `examples/agent_match.rs`).

use kaissa_chaturaji::agents::EvalWeights;

/// The Kaissa evaluation weights in the file at `path`, or the hand-set
/// ones for `hand`: the file's integers, one per term in the order of
/// `EVAL_TERM_NAMES` (anything else separates them, so the `terms: [..]`
/// line that `texel fit` prints will do). They live to the end of the
/// program (the search's configuration holds a `'static` reference), so
/// a tool reads a file a few times at most.
///
/// # Errors
/// When the file cannot be read, or holds other than one integer a term.
pub fn read_weights(path: &str) -> Result<&'static EvalWeights, String> {
    if path == "hand" {
        return Ok(&EvalWeights::HAND_SET);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let numbers: Vec<i32> = text
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse()
                .map_err(|_| format!("{path}: {word:?} is not a weight"))
        })
        .collect::<Result<_, _>>()?;
    let mut weights = EvalWeights::HAND_SET;
    if numbers.len() != weights.terms.len() {
        return Err(format!(
            "{path}: {} weights, not {}",
            numbers.len(),
            weights.terms.len()
        ));
    }
    weights.terms.copy_from_slice(&numbers);
    Ok(Box::leak(Box::new(weights)))
}
