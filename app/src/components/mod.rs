//! Reusable views without logic of their own.

pub mod figures;
pub mod csp;
pub mod forms;
pub mod heatmap;
pub mod key_report;
pub mod lang;
pub mod loaded;
pub mod layout;
pub mod score;
pub mod table;
