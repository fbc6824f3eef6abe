//! Two-seat statistics: the Elo difference with its standard error, and
//! the sequential probability ratio test that stops a match early.

/// The Elo difference of a mean score `s` (logistic: `s = 1 / (1 +
/// 10^(-elo / 400))`).
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score of an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// `elo <difference> +- <one standard error>` for the first agent of a
/// two-agent match, from its per-game scores (1, 0.5, 0; a Chaturaji
/// alliance game counts as one). The error is the score's standard
/// error carried through the logistic curve. A score of 0 or 1 has no
/// finite estimate: the line keeps its form with `-inf +- inf` or
/// `+inf +- inf` (what a parser of the two numbers reads as such) and
/// adds a one-sided 95 % bound, `(score 1.000 over N games; 95% bound
/// > +B)`: the Elo of the lowest true score under which `N` wins in `N`
/// games still happen one time in twenty (`p^N = 0.05`), and the mirror
/// of it for 0. With no game it is `elo nan +- nan (no games)`.
pub fn elo_line(scores: &[f64]) -> String {
    let n = scores.len() as f64;
    if scores.is_empty() {
        return "elo nan +- nan (no games)".to_owned();
    }
    let mean = scores.iter().sum::<f64>() / n;
    if mean <= 0.0 || mean >= 1.0 {
        let bound = elo_of(ONE_SIDED_ALPHA.powf(1.0 / n));
        let (estimate, relation, bound) = if mean <= 0.0 {
            ("-inf", "<", -bound)
        } else {
            ("+inf", ">", bound)
        };
        return format!(
            "elo {estimate} +- inf (score {:.3} over {} games; 95% bound {relation} {bound:+.1})",
            mean.clamp(0.0, 1.0),
            scores.len()
        );
    }
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let error = (variance / n).sqrt();
    let slope = 400.0 / (std::f64::consts::LN_10 * mean * (1.0 - mean));
    // `+ 0.0` writes an even score as 0.0, not -0.0.
    format!("elo {:.1} +- {:.1}", elo_of(mean) + 0.0, error * slope)
}

/// The error rate of the one-sided bound [`elo_line`] prints for a score
/// of 0 or 1.
const ONE_SIDED_ALPHA: f64 = 0.05;

/// A sequential probability ratio test of `elo0` against `elo1` with
/// alpha = beta = 0.05.
#[derive(Debug, Clone, Copy)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decision {
    /// H0 (`elo0`) accepted: the log-likelihood ratio fell below the
    /// lower bound.
    H0,
    /// H1 (`elo1`) accepted.
    H1,
    /// Neither yet.
    Continue,
}

/// The error rates of the test.
const ALPHA: f64 = 0.05;
const BETA: f64 = 0.05;

impl Sprt {
    /// Reads `elo0,elo1` (`elo0 < elo1`).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || {
            let text = kaissa_chaturaji_engine::quote_arg(text);
            format!("--sprt {text}: expected elo0,elo1 with elo0 < elo1 (e.g. 0,10)")
        };
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite()
            && elo1.is_finite()
            && elo0 < elo1
            && elo0.abs() < 2000.0
            && elo1.abs() < 2000.0)
        {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1 })
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds() -> (f64, f64) {
        ((BETA / (1.0 - ALPHA)).ln(), ((1.0 - BETA) / ALPHA).ln())
    }

    /// The log-likelihood ratio of the first agent's per-game `scores`
    /// under the normal approximation of the generalized SPRT: `n (s1 -
    /// s0) (2 s - s0 - s1) / (2 var)`, with `s0`, `s1` the scores of the
    /// two Elo differences and `s`, `var` the mean and variance of the
    /// scores. Half a win, half a draw and half a loss are added to the
    /// counts, so that a one-sided start (no loss yet) does not decide
    /// at once.
    pub fn llr(&self, scores: &[f64]) -> f64 {
        let prior = [(1.0, 0.5), (0.5, 0.5), (0.0, 0.5)];
        let n = scores.len() as f64 + 1.5;
        let total = scores.iter().sum::<f64>() + prior.iter().map(|(s, w)| s * w).sum::<f64>();
        let mean = total / n;
        let squares = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>()
            + prior
                .iter()
                .map(|(s, w)| w * (s - mean).powi(2))
                .sum::<f64>();
        let variance = squares / n;
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The decision after `scores`.
    pub fn decide(&self, scores: &[f64]) -> (f64, Decision) {
        let llr = self.llr(scores);
        let (lower, upper) = Sprt::bounds();
        let decision = if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        };
        (llr, decision)
    }
}
