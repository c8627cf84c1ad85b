//! Integration tests: the whole application driven in-process through
//! `build_router` + `tower::ServiceExt::oneshot`, each test on a fresh
//! database, every test on both SQLite and PostgreSQL.

mod accounts;
mod api_language;
mod arabic_pages;
mod attacks;
mod attempts;
mod backups;
mod behind_haproxy;
mod board;
mod board_page;
mod categories;
mod cli;
mod client_limits;
mod compare;
mod connections;
mod demo;
mod edits;
mod errata;
mod flags;
mod formats;
mod hang_ups;
mod harness;
mod heatmap;
mod held_out;
mod hostile;
mod key_audit;
mod medarabiq;
mod observability;
mod openapi;
mod operators;
mod owner_forms;
mod page_cache;
mod pages;
mod private_split;
mod quota_counts;
mod registration;
mod repeats;
mod run_card;
mod security;
mod site;
mod submissions;
mod team_pages;
mod upload_form;
mod uploads_at_once;
mod visibility;
