//! Rebuilds the crate when a migration is added or changed: `sqlx::migrate!`
//! embeds `migrations/` at compile time, and without this a new migration
//! file alone would not reach the binary.

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
