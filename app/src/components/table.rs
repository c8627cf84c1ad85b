//! Sortable table headers.

use leptos::prelude::*;

/// Sort direction of a table column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortDir {
    Asc,
    Desc,
}

impl SortDir {
    /// Parses `asc` / `desc`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "asc" => Some(Self::Asc),
            "desc" => Some(Self::Desc),
            _ => None,
        }
    }

    /// The query value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Asc => "asc",
            Self::Desc => "desc",
        }
    }

    fn flip(self) -> Self {
        match self {
            Self::Asc => Self::Desc,
            Self::Desc => Self::Asc,
        }
    }
}

/// A column header that links to the same page sorted by this column,
/// keeping the rest of the query (filters, then the language); a second click on
/// the active column reverses the order. `aria-sort` tells screen readers
/// the current state.
#[component]
pub fn SortHeader(
    #[prop(into)] label: String,
    key: &'static str,
    natural: SortDir,
    #[prop(into)] current: Signal<(&'static str, SortDir)>,
) -> impl IntoView {
    let query = leptos_router::hooks::use_query_map();
    let href = move || {
        let (cur_key, cur_dir) = current.get();
        let dir = if cur_key == key { cur_dir.flip() } else { natural };
        let rest = query.get().into_iter().filter(|(k, v)| k != "sort" && k != "dir" && !v.is_empty());
        let q: leptos_router::params::ParamsMap =
            [("sort".into(), key.to_owned()), ("dir".into(), dir.as_str().to_owned())]
                .into_iter()
                .chain(rest)
                .collect();
        q.to_query_string()
    };
    let aria = move || {
        let (cur_key, cur_dir) = current.get();
        match (cur_key == key, cur_dir) {
            (false, _) => "none",
            (true, SortDir::Asc) => "ascending",
            (true, SortDir::Desc) => "descending",
        }
    };
    view! {
        <th scope="col" aria-sort=aria data-sort-key=key>
            <a class="sort" href=href>{label}</a>
        </th>
    }
}
