//! `/operator`: what an operator does, as plain forms that work without
//! JavaScript (each posts to `/operator/...`, CSRF-checked, and comes back
//! here saying what happened): read-only mode, banners, hiding and
//! restoring submissions, bans, renames, quotas, and the audit log with
//! its filter and CSV export. Anyone who is not an operator gets the
//! not-found page, with a 404.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::api::operator::{OperatorPageData, operator_page};
use crate::components::forms::LangField;
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::operator::Level;
use crate::format::utc_datetime;
use crate::i18n::operator::{OperatorText, text};
use crate::i18n::{Lang, use_lang};
use crate::pages::not_found::NotFound;

#[component]
pub fn OperatorPageView() -> impl IntoView {
    let query = use_query_map();
    let filter = move || {
        let q = query.read();
        (q.get("team").unwrap_or_default(), q.get("event").unwrap_or_default())
    };
    let data = Resource::new(filter, |(team, event)| operator_page(team, event));
    let lang = use_lang();
    move || {
        let lang = lang.get();
        view! {
            {loaded(lang, data, move |page| match page {
                Some(page) => view! { <OperatorDetails page lang /> }.into_any(),
                // The page of any address that does not exist.
                None => view! { <NotFound /> }.into_any(),
            })}
        }
    }
}

/// What the last action did (`?done=changed|unchanged`) or why it was
/// refused (`?error=not_found|invalid|name_taken`); other values are ignored.
#[component]
fn Outcome(lang: Lang) -> impl IntoView {
    let query = use_query_map();
    let t = text(lang);
    move || {
        let q = query.read();
        let done = match q.get("done").as_deref() {
            Some("changed") => Some(t.done_changed()),
            Some("unchanged") => Some(t.done_unchanged()),
            _ => None,
        };
        let error = match q.get("error").as_deref() {
            Some("not_found") => Some(t.error_not_found()),
            Some("invalid") => Some(t.error_invalid()),
            Some("name_taken") => Some(t.error_name_taken()),
            _ => None,
        };
        view! {
            {done.map(|d| view! { <p class="notice" role="status" id="operator-done">{d}</p> })}
            {error.map(|e| view! { <p class="error" role="alert" id="form-error">{e}</p> })}
        }
    }
}

/// A form posting to `/operator/{action}` with the page's language.
fn action_form(lang: Lang, action: &'static str, id: Option<&'static str>, fields: impl IntoView) -> impl IntoView {
    view! {
        <form method="post" action=format!("/operator/{action}") class="stacked operator-form" id=id>
            <LangField lang />
            {fields}
        </form>
    }
}

/// A labelled text box.
fn field(id: &'static str, name: &'static str, label: String, required: bool) -> impl IntoView {
    view! {
        <label for=id>{label}</label>
        <input type="text" id=id name=name required=required maxlength="500" dir="auto" />
    }
}

#[component]
fn OperatorDetails(page: OperatorPageData, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let OperatorPageData { operator, read_only, announcements, hidden, banned, events, team_filter, event_filter } =
        page;
    view! {
        <PageTitle text=t.title() />
        <h1>{t.title()}</h1>
        <p class="lede">{t.intro(operator)}</p>
        <Outcome lang />

        <section aria-labelledby="read-only-heading">
            <h2 id="read-only-heading">{t.read_only_heading()}</h2>
            <p id="read-only-state" data-on=read_only.to_string()>
                {if read_only { t.read_only_on() } else { t.read_only_off() }}
            </p>
            {action_form(lang, "read-only", Some("read-only-form"), view! {
                <input type="hidden" name="on" value=if read_only { "off" } else { "on" } />
                {field("read-only-reason", "reason", t.reason_optional(), false)}
                <button type="submit">{if read_only { t.read_only_stop() } else { t.read_only_start() }}</button>
            })}
        </section>

        <section aria-labelledby="announcements-heading">
            <h2 id="announcements-heading">{t.announcements_heading()}</h2>
            <Announcements announcements lang t />
            {action_form(lang, "announce", Some("announce-form"), view! {
                {field("announce-en", "en", t.announce_en(), true)}
                <label for="announce-ar">{t.announce_ar()}</label>
                <input type="text" id="announce-ar" name="ar" required maxlength="500" dir="rtl" lang="ar" />
                <label for="announce-level">{t.level()}</label>
                <select id="announce-level" name="level">
                    <option value="info">{t.level_info()}</option>
                    <option value="warning">{t.level_warning()}</option>
                </select>
                <label for="announce-until">{t.until()}</label>
                <input type="datetime-local" id="announce-until" name="until" />
                <button type="submit">{t.announce()}</button>
            })}
        </section>

        <section aria-labelledby="submissions-heading">
            <h2 id="submissions-heading">{t.submissions_heading()}</h2>
            {action_form(lang, "hide", Some("hide-form"), view! {
                {field("hide-id", "id", t.submission_id(), true)}
                {field("hide-reason", "reason", t.reason(), true)}
                <button type="submit">{t.hide()}</button>
            })}
            // A flagged row is not ranked until its flags are reviewed.
            {action_form(lang, "clear-flags", Some("clear-flags-form"), view! {
                {field("clear-flags-id", "id", t.submission_id(), true)}
                {field("clear-flags-reason", "reason", t.reason(), true)}
                <button type="submit">{t.clear_flags()}</button>
            })}
            {action_form(lang, "restore-flags", Some("restore-flags-form"), view! {
                {field("restore-flags-id", "id", t.submission_id(), true)}
                <button type="submit">{t.restore_flags()}</button>
            })}
            {action_form(lang, "rename-model", Some("rename-model-form"), view! {
                {field("rename-model-id", "id", t.submission_id(), true)}
                {field("rename-model-new", "new", t.new_model_name(), true)}
                <button type="submit">{t.rename_model()}</button>
            })}
            <h3>{t.hidden_heading()}</h3>
            {if hidden.is_empty() {
                view! { <p>{t.none_hidden()}</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll"><table id="hidden-submissions">
                        <thead><tr>
                            <th scope="col">{t.col_id()}</th><th scope="col">{t.col_team()}</th>
                            <th scope="col">{t.col_model()}</th><th scope="col">{t.col_since()}</th>
                            <th scope="col">{t.col_reason()}</th><th scope="col"><span class="visually-hidden">{t.restore()}</span></th>
                        </tr></thead>
                        <tbody>
                            {hidden.into_iter().map(|h| view! {
                                <tr>
                                    <td><bdi><a href=lang.href(&format!("/submissions/{}", h.id))>{h.id.clone()}</a></bdi></td>
                                    <td dir="auto">{h.team}</td>
                                    <td dir="auto">{h.model}</td>
                                    <td><bdi>{utc_datetime(h.at)}</bdi></td>
                                    <td dir="auto">{h.reason}</td>
                                    <td>{action_form(lang, "restore", None, view! {
                                        <input type="hidden" name="id" value=h.id />
                                        <button type="submit">{t.restore()}</button>
                                    })}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table></div>
                }.into_any()
            }}
        </section>

        <section aria-labelledby="teams-heading">
            <h2 id="teams-heading">{t.teams_heading()}</h2>
            {action_form(lang, "ban", Some("ban-form"), view! {
                {field("ban-team", "team", t.team_name(), true)}
                {field("ban-reason", "reason", t.reason(), true)}
                <button type="submit">{t.ban()}</button>
            })}
            {action_form(lang, "rename-team", Some("rename-team-form"), view! {
                {field("rename-team-team", "team", t.team_name(), true)}
                {field("rename-team-new", "new", t.new_team_name(), true)}
                <button type="submit">{t.rename_team()}</button>
            })}
            {action_form(lang, "quota", Some("quota-form"), view! {
                {field("quota-team", "team", t.team_name(), true)}
                <label for="quota-daily">{t.daily()}</label>
                <input type="number" id="quota-daily" name="daily" min="0" max="1000000" />
                <label for="quota-total">{t.total()}</label>
                <input type="number" id="quota-total" name="total" min="0" max="1000000" />
                <button type="submit">{t.set_quotas()}</button>
            })}
            <h3>{t.banned_heading()}</h3>
            {if banned.is_empty() {
                view! { <p>{t.none_banned()}</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll"><table id="banned-teams">
                        <thead><tr>
                            <th scope="col">{t.col_team()}</th><th scope="col">{t.col_since()}</th>
                            <th scope="col">{t.col_reason()}</th><th scope="col"><span class="visually-hidden">{t.unban()}</span></th>
                        </tr></thead>
                        <tbody>
                            {banned.into_iter().map(|b| view! {
                                <tr>
                                    <td dir="auto">{b.name.clone()}</td>
                                    <td><bdi>{utc_datetime(b.at)}</bdi></td>
                                    <td dir="auto">{b.reason}</td>
                                    <td>{action_form(lang, "unban", None, view! {
                                        <input type="hidden" name="team" value=b.name />
                                        <button type="submit">{t.unban()}</button>
                                    })}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table></div>
                }.into_any()
            }}
        </section>

        <section aria-labelledby="audit-heading">
            <h2 id="audit-heading">{t.audit_heading()}</h2>
            <form method="get" action="/operator" class="stacked operator-form" id="audit-filter">
                <LangField lang />
                <label for="audit-team">{t.filter_team()}</label>
                <input type="text" id="audit-team" name="team" value=team_filter.clone() dir="auto" />
                <label for="audit-event">{t.filter_event()}</label>
                <input type="text" id="audit-event" name="event" value=event_filter.clone() dir="ltr" />
                <button type="submit">{t.filter()}</button>
            </form>
            // The same filter, as CSV (the session's cookie goes with it).
            <form method="get" action="/operator/audit.csv" id="audit-csv">
                <input type="hidden" name="team" value=team_filter />
                <input type="hidden" name="event" value=event_filter />
                <button type="submit">{t.csv()}</button>
            </form>
            <AuditTable events lang t />
        </section>
    }
}

#[component]
fn Announcements(
    announcements: Vec<crate::domain::operator::Announcement>,
    lang: Lang,
    t: OperatorText,
) -> impl IntoView {
    if announcements.is_empty() {
        return view! { <p>{t.no_announcements()}</p> }.into_any();
    }
    view! {
        <div class="table-scroll"><table id="announcements">
            <thead><tr>
                <th scope="col">{t.level()}</th><th scope="col">{t.col_text()}</th>
                <th scope="col">{t.col_until()}</th><th scope="col"><span class="visually-hidden">{t.unannounce()}</span></th>
            </tr></thead>
            <tbody>
                {announcements.into_iter().map(|a| {
                    let level = match a.level { Level::Info => t.level_info(), Level::Warning => t.level_warning() };
                    let words = if lang == Lang::Ar { a.text_ar } else { a.text_en };
                    view! {
                        <tr>
                            <td>{level}</td>
                            <td dir="auto">{words}</td>
                            <td>{a.ends_at.map_or_else(|| view! { {t.forever()} }.into_any(), |at| view! { <bdi>{utc_datetime(at)}</bdi> }.into_any())}</td>
                            <td>{action_form(lang, "unannounce", None, view! {
                                <input type="hidden" name="id" value=a.id.to_string() />
                                <button type="submit">{t.unannounce()}</button>
                            })}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table></div>
    }
    .into_any()
}

#[component]
fn AuditTable(events: Vec<crate::domain::operator::AuditEvent>, lang: Lang, t: OperatorText) -> impl IntoView {
    let _ = lang;
    if events.is_empty() {
        return view! { <p id="audit-empty">{t.no_events()}</p> }.into_any();
    }
    view! {
        <p>{t.audit_count(events.len())}</p>
        <div class="table-scroll"><table id="audit-log">
            <thead><tr>
                <th scope="col">{t.col_at()}</th><th scope="col">{t.col_event()}</th><th scope="col">{t.col_team()}</th>
                <th scope="col">{t.col_actor()}</th><th scope="col">{t.col_reason()}</th><th scope="col">{t.col_detail()}</th>
            </tr></thead>
            <tbody>
                {events.into_iter().map(|e| view! {
                    <tr>
                        <td><bdi>{utc_datetime(e.at)}</bdi></td>
                        <td><code>{e.event}</code></td>
                        <td dir="auto">{e.team.unwrap_or_default()}</td>
                        <td><bdi>{e.actor}</bdi></td>
                        <td dir="auto">{e.reason}</td>
                        // A record as the server wrote it (ids, old and new values): shown as written.
                        <td><code dir="auto">{e.detail}</code></td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table></div>
    }
    .into_any()
}
