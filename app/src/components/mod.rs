//! Reusable views without logic of their own.

pub mod bundle;
pub mod csp;
pub mod explained;
pub mod figures;
pub mod forms;
pub mod head;
pub mod heatmap;
pub mod key_report;
pub mod lang;
pub mod layout;
pub mod loaded;
pub mod score;
pub mod table;
