//! The document's `<title>`, the one place text reaches it.
//!
//! `leptos_meta` writes a title's text into the server-rendered `<head>`
//! as it is (its `<Title>` bypasses the view macro's escaping), so a model
//! or team name such as `</title><meta http-equiv=refresh ...>` would become
//! markup. [`PageTitle`] escapes the text on the server and hands the raw
//! text to the browser, which sets `document.title` as plain text. Nothing
//! else in the app may use `leptos_meta::Title` (a test below checks).

use leptos::prelude::*;
use leptos_meta::Title;

/// Sets the page's title (the site name is appended by [`SiteTitle`]).
#[component]
pub fn PageTitle(#[prop(into)] text: String) -> impl IntoView {
    view! { <Title text=for_head(text) /> }
}

/// The site-wide title formatter: "{page} · MedAraBench".
#[component]
pub fn SiteTitle() -> impl IntoView {
    view! { <Title formatter=|page: String| format!("{page} · MedAraBench") /> }
}

/// The title text as it must reach the head: escaped where it becomes
/// HTML (server), unchanged where it becomes `document.title` (browser).
fn for_head(text: String) -> String {
    #[cfg(feature = "ssr")]
    {
        html_escape::encode_text(&text).into_owned()
    }
    #[cfg(not(feature = "ssr"))]
    {
        text
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every `.rs` file under `dir`.
    fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn only_this_module_uses_the_unescaped_title() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&root, &mut files);
        let this = root.join("components").join("head.rs");
        let offenders: Vec<_> = files
            .iter()
            .filter(|f| **f != this)
            .filter(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                text.contains("leptos_meta::Title") || text.contains("leptos_meta::{") && text.contains(" Title")
            })
            .collect();
        assert!(offenders.is_empty(), "use components::head::PageTitle instead of leptos_meta::Title: {offenders:?}");
        assert!(files.len() > 50, "the walk found the sources ({} files)", files.len());
    }

    #[cfg(feature = "ssr")]
    #[test]
    fn title_text_is_escaped_on_the_server() {
        let hostile = "</title><meta http-equiv=refresh content=0;url=http://evil.example/> & co";
        assert_eq!(
            super::for_head(hostile.to_owned()),
            "&lt;/title&gt;&lt;meta http-equiv=refresh content=0;url=http://evil.example/&gt; &amp; co"
        );
    }
}
