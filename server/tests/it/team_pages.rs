//! The team pages (`/register`, `/signin`, `/team`, `/upload`,
//! `/submissions/{id}`) in Arabic, and the form endpoints keeping the
//! language the form was sent from in their redirects.

use axum::http::StatusCode;

use crate::harness::{Backend, PASSWORD, Response, TestApp, section, session_from};
use crate::on_both_backends;

on_both_backends!(
    register_and_sign_in_pages_in_arabic,
    team_and_upload_pages_in_arabic,
    submission_page_in_arabic,
    form_posts_keep_arabic,
    a_tokens_last_use_is_kept_to_the_minute,
);

/// The page with Leptos's `<!>` hydration markers removed, so adjacent
/// text nodes read as one string.
fn page_text(resp: &Response) -> String {
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    resp.body.replace("<!>", "")
}

/// Asserts an Arabic, right-to-left page with `texts`, and returns its HTML
/// (without hydration markers).
fn arabic(resp: &Response, texts: &[&str]) -> String {
    let html = &page_text(resp);
    let start = html.find("<html").expect("an <html> tag");
    let tag = &html[start..start + html[start..].find('>').unwrap()];
    assert!(tag.contains(r#"lang="ar""#) && tag.contains(r#"dir="rtl""#), "{tag}");
    for text in texts {
        assert!(html.contains(text), "{text} missing from the page");
    }
    html.clone()
}

/// The `Location` of a redirect.
fn location(resp: &Response) -> &str {
    assert_eq!(resp.status, StatusCode::SEE_OTHER, "{}", resp.body);
    resp.headers["location"].to_str().unwrap()
}

/// Registers a team through the form (in Arabic) and returns its session.
async fn register(app: &TestApp, name: &str, email: &str) -> String {
    let resp = app
        .post_form("/auth/register", &[("name", name), ("email", email), ("password", PASSWORD), ("lang", "ar")], None)
        .await;
    assert_eq!(location(&resp), "/team?lang=ar");
    session_from(&resp).expect("a session cookie")
}

/// Posts the upload form as a browser would, with a session.
const PREDICTIONS: &str = "question_id,answer\n1,A\n2,B\n3,C\n";

async fn register_and_sign_in_pages_in_arabic(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let html = arabic(
        &app.get("/register?lang=ar").await,
        &["<title>تسجيل فريق · MedAraBench</title>", "اسم الفريق", "كلمة المرور"],
    );
    assert!(html.contains(r#"href="/signin?lang=ar""#), "the sign-in link keeps Arabic");
    assert!(html.contains(r#"<input type="hidden" name="lang" value="ar""#), "the form sends the language");
    let html =
        arabic(&app.get("/signin?lang=ar").await, &["<title>تسجيل الدخول · MedAraBench</title>", "البريد الإلكتروني"]);
    assert!(html.contains(r#"href="/register?lang=ar""#));
    assert!(html.contains(r#"<input type="hidden" name="lang" value="ar""#));

    // A failed sign-in comes back with its reason in Arabic.
    let html = arabic(&app.get("/signin?error=wrong_credentials&lang=ar").await, &["تسجيل الدخول"]);
    let error = &html[html.find(r#"id="form-error""#).expect("the error")..];
    assert!(error[..error.find("</p>").unwrap()].ends_with(">البريد الإلكتروني أو كلمة المرور غير صحيحة."), "{error}");

    // English is unchanged: no lang on its links.
    let en = page_text(&app.get("/register").await);
    assert!(en.contains("Register a team") && en.contains(r#"href="/signin""#), "{en}");
    assert!(en.contains(r#"<input type="hidden" name="lang" value="en""#));
    app.finish().await;
}

async fn team_and_upload_pages_in_arabic(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let out = arabic(&app.get("/team?lang=ar").await, &["<title>فريقك · MedAraBench</title>", "لم تسجّل الدخول"]);
    assert!(out.contains(r#"href="/signin?lang=ar""#) && out.contains(r#"href="/register?lang=ar""#));
    let out = arabic(&app.get("/upload?lang=ar").await, &["يُرجى "]);
    assert!(out.contains(r#"href="/signin?lang=ar""#));

    let cookie = register(&app, "Nakhil", "n@nakhil.example").await;
    let made = app.post_form("/team/tokens", &[("label", "ci"), ("lang", "ar")], Some(&cookie)).await;
    assert_eq!(location(&made), "/team?lang=ar#tokens");
    let team = app.get_with_cookie("/team?lang=ar", &cookie).await;
    let html = arabic(
        &team,
        &["فريق ", "عمليات الرفع المتبقية اليوم", "رموز الوصول", "رمز الوصول الجديد", "لا توجد مشاركات بعد."],
    );
    assert!(html.contains(r#"id="team-name">Nakhil<"#), "{html}");
    assert!(html.contains(r#"id="new-token" dir="ltr">mbt_"#));
    assert!(html.contains(r#"href="/upload?lang=ar""#), "the upload link keeps Arabic");
    assert!(html.matches(r#"<input type="hidden" name="lang" value="ar""#).count() >= 3, "sign out, revoke, create");

    let html = arabic(
        &app.get_with_cookie("/upload?lang=ar", &cookie).await,
        &["<title>رفع التنبؤات · MedAraBench</title>", "بطاقة البروتوكول", "ارفع الملف وقيِّمه"],
    );
    // The protocol values keep their stored names, labelled in Arabic.
    assert!(html.contains(r#"<option value="ar">العربية</option>"#), "{html}");
    assert!(html.contains(r#"<option value="train_and_test">نعم، على مجموعتي التدريب والاختبار</option>"#));
    // The language field comes before the file, so a refused upload still knows it.
    let form = &html[html.find(r#"id="upload-form""#).unwrap()..];
    assert!(form.find(r#"name="lang" value="ar""#).unwrap() < form.find(r#"name="file""#).unwrap());

    // The team's submissions link to their Arabic result pages.
    let done = app.upload_form(&cookie, &[("lang", "ar"), ("model_name", "Sidr-1B")], PREDICTIONS, false).await;
    let result = location(&done).to_owned();
    let html = arabic(
        &app.get_with_cookie("/team?lang=ar", &cookie).await,
        &["فترة الثقة 95%", "علنية", "(مفتاح عرض اصطناعي)"],
    );
    assert!(html.contains(&format!(r#"href="{result}""#)), "{result} in {html}");
    app.finish().await;
}

async fn submission_page_in_arabic(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let cookie = register(&app, "Zaitoun", "z@zaitoun.example").await;
    let fields = [("lang", "ar"), ("model_name", "Zait-3B"), ("prompt_language", "ar"), ("contamination", "none")];
    let resp = app.upload_form(&cookie, &fields, PREDICTIONS, false).await;
    let path = location(&resp).to_owned();
    assert!(path.starts_with("/submissions/") && path.ends_with("?lang=ar"), "{path}");

    let html = arabic(
        &app.get(&path).await,
        &[
            "من فريق",
            "مفتاح عرض اصطناعي",
            "فترة الثقة 95%",
            "الإجابات الصحيحة: ",
            "بطاقة البروتوكول",
            "حسب التخصص",
            "فترة الثقة 95% (ويلسون)",
            "Y1 (السنة الأولى)",
        ],
    );
    for id in [r#"id="submission-title""#, r#"id="synthetic-notice""#, r#"class="headline""#] {
        assert!(html.contains(id), "{id}");
    }
    assert!(html.contains("Zait-3B"));
    // Numbers stay left-to-right; the declared values are shown in Arabic.
    assert!(html.contains(r#"class="num">n = "#), "{html}");
    assert!(html.contains("<dd>العربية</dd>"), "the prompt language");
    // The specialties of the paper are named in Arabic.
    let specialties = &html[html.find("الدقة حسب التخصص العام").unwrap()..];
    let specialties = &specialties[..specialties.find("</table>").unwrap()];
    assert!(
        ["التشريح", "الجراحة", "الطب الباطني", "طب الأطفال"].iter().any(|s| specialties.contains(s)),
        "{specialties}"
    );

    // The same page in English is as it was.
    let en = page_text(&app.get(path.trim_end_matches("?lang=ar")).await);
    assert!(en.contains("Zait-3B by Zaitoun") && en.contains("synthetic demo key") && en.contains("95% CI"));
    assert!(!en.contains("فترة الثقة"));
    app.finish().await;
}

async fn form_posts_keep_arabic(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let cookie = register(&app, "Rumman", "r@rumman.example").await;

    // Problems go back to the form, in Arabic.
    let dup = app
        .post_form(
            "/auth/register",
            &[("name", "Rumman"), ("email", "x@rumman.example"), ("password", PASSWORD), ("lang", "ar")],
            None,
        )
        .await;
    let back = location(&dup);
    assert_eq!(back, "/register?error=name_taken&lang=ar");
    let failed = app
        .post_form(
            "/auth/signin",
            &[("email", "r@rumman.example"), ("password", "not the password"), ("lang", "ar")],
            None,
        )
        .await;
    let back = location(&failed);
    assert_eq!(back, "/signin?error=wrong_credentials&lang=ar");
    let signin = app
        .post_form("/auth/signin", &[("email", "r@rumman.example"), ("password", PASSWORD), ("lang", "ar")], None)
        .await;
    assert_eq!(location(&signin), "/team?lang=ar");
    let cookie2 = session_from(&signin).unwrap();
    assert_ne!(cookie, cookie2);

    let refused = app
        .upload_form(&cookie2, &[("lang", "ar"), ("model_name", "Bad")], "question_id,answer\n987654,A\n", false)
        .await;
    let back = location(&refused);
    assert_eq!(back, "/upload?error=upload_refused&lang=ar");
    let page = app.get_with_cookie(back, &cookie2).await;
    assert!(page.body.contains("رُفض الرفع ولم يُخزَّن شيء."), "the code's message in Arabic");
    assert!(page.body.contains("987654"), "the file's reasons, from the session");
    assert_eq!(app.submission_count().await, 0);

    // Tokens: created and revoked, back to the Arabic team page.
    let made = app.post_form("/team/tokens", &[("label", "ci"), ("lang", "ar")], Some(&cookie2)).await;
    assert_eq!(location(&made), "/team?lang=ar#tokens");
    let id: i64 = sqlx::query_scalar("SELECT id FROM api_tokens").fetch_one(app.state.db.pool()).await.unwrap();
    let revoked = app.post_form(&format!("/team/tokens/{id}/revoke"), &[("lang", "ar")], Some(&cookie2)).await;
    assert_eq!(location(&revoked), "/team?lang=ar#tokens");

    // English forms (lang=en, or no field at all) redirect without it.
    let made = app.post_form("/team/tokens", &[("label", "en"), ("lang", "en")], Some(&cookie2)).await;
    assert_eq!(location(&made), "/team#tokens");
    let out = app.post_form("/auth/signout", &[("lang", "ar")], Some(&cookie2)).await;
    assert_eq!(location(&out), "/?lang=ar");
    let out = app.post_form("/auth/signout", &[], None).await;
    assert_eq!(location(&out), "/");
    app.finish().await;
}

/// The team page shows when each token was last used. A script sending
/// many requests costs one write a minute for it, not one per request.
async fn a_tokens_last_use_is_kept_to_the_minute(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Sumac", "s@sumac.example").await;
    let cookie = app.signin("s@sumac.example").await;
    let last_used = || async {
        let at: Option<i64> =
            sqlx::query_scalar("SELECT last_used_at FROM api_tokens").fetch_one(app.state.db.pool()).await.unwrap();
        at
    };
    let tokens = |html: String| section(&html, r#"id="tokens""#, "</table>").to_owned();
    assert!(tokens(page_text(&app.get_with_cookie("/team", &cookie).await)).contains(">never<"));
    assert_eq!(last_used().await, None);

    let own = || {
        app.request(
            axum::http::Request::get("/api/v1/submissions")
                .header("authorization", format!("Bearer {token}"))
                .body(axum::body::Body::empty())
                .unwrap(),
        )
    };
    assert_eq!(own().await.status, StatusCode::OK);
    let first = last_used().await.expect("the first use is recorded");
    assert!(!tokens(page_text(&app.get_with_cookie("/team", &cookie).await)).contains(">never<"));

    // Within the minute a use writes nothing; after it, the time moves on.
    let pool = app.state.db.pool();
    let set = |at: i64| async move {
        sqlx::query("UPDATE api_tokens SET last_used_at = $1").bind(at).execute(pool).await.unwrap();
    };
    set(first - 30).await;
    assert_eq!(own().await.status, StatusCode::OK);
    assert_eq!(last_used().await, Some(first - 30));
    set(first - 61).await;
    assert_eq!(own().await.status, StatusCode::OK);
    assert!(last_used().await.unwrap() >= first);
    app.finish().await;
}
