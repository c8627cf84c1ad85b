//! Reusable views without logic of their own.

pub mod layout;
pub mod table;
