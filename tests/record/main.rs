//! Game records: the format as docs/records.md specifies it, every error a
//! reader reports, round trips for both games and every rules option, the
//! `record` example's fixed interface, and SVG pictures.

#[path = "../common/cases.rs"]
mod cases;
mod cli;
mod dispatch;
mod errors;
#[path = "../common/examples.rs"]
mod examples;
mod format;
mod roundtrip;
mod svg;
