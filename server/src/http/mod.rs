//! The web: the router, the request limits, the errors as answered, the
//! API's routes, the event streams and the pages.

pub mod accounts;
pub mod archive;
pub mod archive_pages;
pub mod connections;
pub mod cross_site;
pub mod error;
pub mod extract;
pub mod games;
pub mod health;
pub mod limits;
pub mod logs;
pub mod markdown;
pub mod page_headers;
pub mod pages;
pub mod router;
pub mod rules_pages;
pub mod serve;
pub mod standings;
pub mod stream;
