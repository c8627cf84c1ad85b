//! What the public pages may show about the stored default answer key:
//! its validation report (counts, rejected rows and their reasons, warning
//! counts), never an answer.

pub use crate::domain::key_summary::KeySummary;
