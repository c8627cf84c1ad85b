//! Accounts that outlive a forgotten password and a single person, on
//! both databases, with real mail through a real SMTP server (aiosmtpd;
//! skipped, saying so, where it is not installed): a reset link mailed
//! (the request answers the same for any address) sets a new password
//! once within the hour and signs out every other session; an operator
//! prints one by hand; a member invites another by a mailed link valid
//! seven days, once; a member leaves, the last one cannot.

use axum::http::StatusCode;
use serde_json::json;

use crate::cli::{medarabench, stderr};
use crate::harness::{Backend, PASSWORD, TestApp, session_from};
use crate::on_both_backends;
use crate::registration::{MailSink, registrar};
use app::domain::registration::Registration;

on_both_backends!(
    a_forgotten_password_is_reset_by_a_mailed_link,
    members_invite_join_and_leave,
    without_mail_the_link_is_shown_and_members_leave
);

const NEW_PASSWORD: &str = "a brand new password";

/// The first word of `mail` that starts with `prefix`.
fn link_in(mail: &str, prefix: &str) -> String {
    mail.split_whitespace()
        .find(|w| w.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} in {mail}"))
        .to_owned()
}

async fn signed_in(app: &TestApp, cookie: &str) -> bool {
    app.get_with_cookie("/team", cookie).await.body.contains("id=\"members\"")
}

async fn a_forgotten_password_is_reset_by_a_mailed_link(backend: Backend) {
    let Some(sink) = MailSink::start() else { return };
    let port = sink.port;
    let Some(app) = TestApp::start_with(backend, |c| c.registrar = registrar(Registration::Open, Some(port))).await
    else {
        return;
    };
    app.team_with_token("Reset Lab", "lead@reset.example").await;
    let (first, second) = (app.signin("lead@reset.example").await, app.signin("lead@reset.example").await);

    // The same answer for an unknown address and a member's; one mail.
    let unknown = app.post_json("/api/v1/password-reset", json!({"email": "nobody@reset.example"})).await;
    let known = app.post_json("/api/v1/password-reset", json!({"email": "LEAD@reset.example"})).await;
    assert_eq!((unknown.status, known.status), (StatusCode::ACCEPTED, StatusCode::ACCEPTED));
    assert_eq!(unknown.body, known.body, "nothing tells whether the address is registered");
    let mail = sink.message(1).await;
    assert!(mail.to_lowercase().contains("to: lead@reset.example"), "{mail}");
    let link = link_in(&mail, "https://board.example/reset?token=mbr_");
    let path = link.trim_start_matches("https://board.example");
    // Asked again at once: the same answer, and no second mail.
    let again = app.post_form("/auth/reset", &[("email", "lead@reset.example")], None).await;
    assert_eq!(again.headers["location"], "/reset?sent=1");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(sink.received(), 1, "one link a minute at most");

    let page = app.get(path).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("id=\"new-password-form\""), "{}", page.body);
    let token = path.trim_start_matches("/reset?token=");
    let short = app.post_form("/auth/reset/confirm", &[("token", token), ("password", "short")], None).await;
    assert!(short.headers["location"].to_str().unwrap().contains("error=invalid_password"));
    let done = app.post_form("/auth/reset/confirm", &[("token", token), ("password", NEW_PASSWORD)], None).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    assert_eq!(done.headers["location"], "/team?done=password");
    let fresh = session_from(&done).expect("signed in with the new password");
    assert!(signed_in(&app, &fresh).await);
    assert!(!signed_in(&app, &first).await && !signed_in(&app, &second).await, "every other session ended");
    let old = app.post_json("/api/v1/tokens", json!({"email": "lead@reset.example", "password": PASSWORD})).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    let new = app.post_json("/api/v1/tokens", json!({"email": "lead@reset.example", "password": NEW_PASSWORD})).await;
    assert_eq!(new.status, StatusCode::CREATED, "{}", new.body);

    // A link works once, and for an hour.
    let reused = app.get(path).await;
    assert_eq!(reused.status, StatusCode::NOT_FOUND);
    assert!(reused.body.contains("id=\"reset-dead\""));
    let api = app.post_json("/api/v1/password-reset/confirm", json!({"token": token, "password": NEW_PASSWORD})).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND, "{}", api.body);
    let out = medarabench(
        &["operator", "reset-link", "lead@reset.example", "--public-url", "https://board.example/"],
        Some(app.database_url()),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    assert!(printed.starts_with("https://board.example/reset?token=mbr_"), "{printed}");
    sqlx::query("UPDATE password_resets SET expires_at = 1").execute(app.state.db.pool()).await.unwrap();
    let token = printed.rsplit("token=").next().unwrap();
    let expired =
        app.post_json("/api/v1/password-reset/confirm", json!({"token": token, "password": NEW_PASSWORD})).await;
    assert_eq!(expired.status, StatusCode::NOT_FOUND, "an hour-old link no longer works");
    let unknown = medarabench(&["operator", "reset-link", "nobody@reset.example"], Some(app.database_url()));
    assert!(!unknown.status.success(), "{}", stderr(&unknown));
    let audit = String::from_utf8_lossy(
        &medarabench(&["operator", "audit", "--team", "reset lab"], Some(app.database_url())).stdout,
    )
    .into_owned();
    assert!(audit.contains("password_reset") && audit.contains("reset_link_made\tReset Lab\tcommand line"), "{audit}");
    app.finish().await;
}

async fn members_invite_join_and_leave(backend: Backend) {
    let Some(sink) = MailSink::start() else { return };
    let port = sink.port;
    let Some(app) = TestApp::start_with(backend, |c| c.registrar = registrar(Registration::Open, Some(port))).await
    else {
        return;
    };
    app.team_with_token("Joined Lab", "lead@joined.example").await;
    let lead = app.signin("lead@joined.example").await;
    let invite = app.post_form("/team/invite", &[("email", "Second@Joined.example")], Some(&lead)).await;
    assert_eq!(invite.headers["location"], "/team?done=invited#members");
    let mail = sink.message(1).await;
    assert!(mail.to_lowercase().contains("to: second@joined.example") && mail.contains("Joined Lab"), "{mail}");
    let path =
        link_in(&mail, "https://board.example/join?token=mbi_").trim_start_matches("https://board.example").to_owned();
    let page = app.get(&path).await;
    assert!(page.body.contains("id=\"join-form\"") && page.body.contains("Joined Lab"), "{}", page.body);
    let token = path.trim_start_matches("/join?token=");
    let joined = app.post_form("/auth/join", &[("token", token), ("password", NEW_PASSWORD)], None).await;
    assert_eq!(joined.headers["location"], "/team?done=joined");
    let second = session_from(&joined).expect("signed in");
    let team = app.get_with_cookie("/team", &second).await.body;
    assert!(team.contains("lead@joined.example") && team.contains("second@joined.example"), "{team}");
    assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND, "an invitation works once");

    // A member already (here or elsewhere) is invited as anyone is, and
    // cannot join: the answer tells the inviter nothing.
    let again = app.post_form("/team/invite", &[("email", "second@joined.example")], Some(&lead)).await;
    assert_eq!(again.headers["location"], "/team?done=invited#members");
    let mail = sink.message(2).await;
    let token = link_in(&mail, "https://board.example/join?token=mbi_").rsplit("token=").next().unwrap().to_owned();
    let twice = app.post_form("/auth/join", &[("token", &token), ("password", NEW_PASSWORD)], None).await;
    assert!(twice.headers["location"].to_str().unwrap().contains("error=email_taken"), "{:?}", twice.headers);
    app.finish().await;
}

async fn without_mail_the_link_is_shown_and_members_leave(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    app.team_with_token("Quiet Lab", "lead@quiet.example").await;
    let lead = app.signin("lead@quiet.example").await;
    let invite = app.post_form("/team/invite", &[("email", "other@quiet.example")], Some(&lead)).await;
    assert_eq!(invite.headers["location"], "/team#members");
    let page = app.get_with_cookie("/team", &lead).await.body;
    assert!(page.contains("id=\"invitation-link\""), "{page}");
    let at = page.find("/join?token=mbi_").expect("the link");
    let path: String = page[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || "/?=_-".contains(*c)).collect();
    assert!(!app.get_with_cookie("/team", &lead).await.body.contains("id=\"invitation-link\""), "shown once");
    let token = path.trim_start_matches("/join?token=");
    let joined = app.post_form("/auth/join", &[("token", token), ("password", NEW_PASSWORD)], None).await;
    assert_eq!(joined.headers["location"], "/team?done=joined");
    let other = session_from(&joined).expect("signed in");
    let issued =
        app.post_json("/api/v1/tokens", json!({"email": "other@quiet.example", "password": NEW_PASSWORD})).await;
    let other_token = issued.json()["token"].as_str().unwrap().to_owned();

    // Leaving: confirmed; the member's sessions and tokens stop; never the last member.
    let unticked = app.post_form("/team/leave", &[("lang", "en")], Some(&other)).await;
    assert_eq!(unticked.headers["location"], "/team?error=leave_unconfirmed");
    let left = app.post_form("/team/leave", &[("confirm", "yes")], Some(&other)).await;
    assert_eq!(left.headers["location"], "/");
    assert!(!signed_in(&app, &other).await);
    let upload = app.upload_raw(&other_token, "model_name=After-Leaving", TestApp::demo_predictions(0.5, 5)).await;
    assert_eq!(upload.status, StatusCode::UNAUTHORIZED, "the token the member made stopped: {}", upload.body);
    let signin =
        app.post_json("/api/v1/tokens", json!({"email": "other@quiet.example", "password": NEW_PASSWORD})).await;
    assert_eq!(signin.status, StatusCode::UNAUTHORIZED, "no longer a member");
    let last = app.post_form("/team/leave", &[("confirm", "yes")], Some(&lead)).await;
    assert_eq!(last.headers["location"], "/team?error=last_member");
    assert!(signed_in(&app, &lead).await);

    // Ten invitations may wait at once; the eleventh is refused.
    for i in 0..10 {
        let sent = app.post_form("/team/invite", &[("email", &format!("guest{i}@quiet.example"))], Some(&lead)).await;
        assert_eq!(sent.headers["location"], "/team#members", "invitation {i}");
    }
    let over = app.post_form("/team/invite", &[("email", "guest10@quiet.example")], Some(&lead)).await;
    assert_eq!(over.headers["location"], "/team?error=too_many_invitations#members");
    app.finish().await;
}
