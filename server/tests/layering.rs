//! The layering rule, checked on the source: every reference a module of
//! the `app` or the `server` crate makes to a module of the `app` crate
//! points the way the rule allows.
//!
//! The layers, top to bottom (each may name its own layer, the layer just
//! below it, the core, and the modules beside the layers listed further
//! on):
//!
//! - **pages**: `app/src/pages` and `app/src/app.rs` (the router). They
//!   call the server functions, and build their views from components.
//!   - **components** (`app/src/components`), the pieces of the pages'
//!     views, are a part of this layer below the pages themselves: they
//!     are given their data (as props) and call no server function.
//! - **api**: `app/src/api`, the Leptos server functions. They call
//!   services.
//! - **services**: `app/src/services`, the use cases. They call the
//!   database layer, take no HTTP types and render no text: they name no
//!   `axum`, `http`, `HeaderMap`, `HeaderValue` or request `Parts`, and
//!   nothing that renders (`i18n`, `charts`, `dataset::card`, `error`).
//! - **db**: `app/src/db`, every SQL statement.
//! - **core**: `medarabench-core` (`app/core`, `crate::domain` in the app),
//!   which names nothing of the app (it is a crate of its own, so Cargo
//!   already refuses the arrow).
//!
//! Beside the layers are modules that belong to none, which the layers may
//! use:
//!
//! - **plain helpers**, data and formatting without words: `format`,
//!   `palette`, `settings` and `dataset` (the card's data). They name only
//!   the core and one another. Every layer may use them.
//! - **text helpers**, which render words or drawings: `i18n`, `charts`
//!   and `dataset::card`. They name the core and the helpers. Pages,
//!   components, api and the server use them; services and db do not.
//! - **adapters** between the services and the outside: `error` (the words
//!   of a service error, and the server functions' error) and `request`
//!   (the credentials a request carries, as the services take them). They
//!   name services, helpers and the core. Pages, components, api and the
//!   server use them.
//!
//! The server crate (`server/src`, the REST handlers in `http`, the
//! commands in `cli`, and the state and configuration they share) calls
//! services only: it names `app::services`, the adapters, the helpers, the
//! core, and the application it serves (`app::App`, `app::shell`, at the
//! crate's root), never `app::db`, `app::api`, `app::pages` or
//! `app::components`.
//!
//! The crate root (`app/src/lib.rs`) declares the modules and re-exports
//! the root items; it is not checked. Test code (`#[cfg(test)]` items and
//! modules, `server/tests`) sets up state at any layer and is not checked
//! either.
//!
//! What counts as a reference: every `use` (grouped ones one by one),
//! every path in code, types and macro bodies (`view!`) that starts with
//! `crate::`, `self::`, `super::` (resolved from the file's place in the
//! module tree) or, in the server, `app::`; a bare path in the crate root
//! naming a top-level module. Comments, doc comments and strings are not
//! code, and are skipped.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// What a module of the `app` crate is, for the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Pages,
    Components,
    Api,
    Services,
    Db,
    Core,
    Plain,
    Text,
    Adapter,
    /// The items at the app crate's root: `App` and `shell`.
    Root,
    /// A module of the server crate.
    Server,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Pages => "pages",
            Self::Components => "components",
            Self::Api => "api",
            Self::Services => "services",
            Self::Db => "db",
            Self::Core => "core",
            Self::Plain => "plain helper",
            Self::Text => "text helper",
            Self::Adapter => "adapter",
            Self::Root => "app root",
            Self::Server => "server",
        })
    }
}

/// The kind of the `app` crate's item at `path` (its segments after
/// `crate`/`app`), by the longest prefix this table knows; `None` for a
/// name the rule does not know (a new top-level module must be placed).
fn kind_of(path: &[String]) -> Option<Kind> {
    const TABLE: &[(&[&str], Kind)] = &[
        (&["pages"], Kind::Pages),
        (&["components"], Kind::Components),
        (&["app"], Kind::Pages),
        (&["api"], Kind::Api),
        (&["services"], Kind::Services),
        (&["db"], Kind::Db),
        (&["domain"], Kind::Core),
        (&["format"], Kind::Plain),
        (&["palette"], Kind::Plain),
        (&["settings"], Kind::Plain),
        (&["dataset"], Kind::Plain),
        (&["dataset", "card"], Kind::Text),
        (&["i18n"], Kind::Text),
        // The i18n module's `messages!` macro, exported at the root.
        (&["messages"], Kind::Text),
        (&["charts"], Kind::Text),
        (&["error"], Kind::Adapter),
        (&["request"], Kind::Adapter),
        (&["App"], Kind::Root),
        (&["shell"], Kind::Root),
    ];
    TABLE
        .iter()
        .filter(|(prefix, _)| prefix.len() <= path.len() && prefix.iter().zip(path).all(|(a, b)| a == b))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|&(_, kind)| kind)
}

/// Whether a module of kind `from` may name an item of kind `to`.
fn allowed(from: Kind, to: Kind) -> bool {
    use Kind::*;
    from == to
        || to == Core
        || match from {
            Pages => matches!(to, Components | Api | Plain | Text | Adapter),
            Components => matches!(to, Plain | Text | Adapter),
            Api => matches!(to, Services | Plain | Text | Adapter),
            Services => matches!(to, Db | Plain),
            Db => matches!(to, Plain),
            Plain => false,
            Text => matches!(to, Plain),
            Adapter => matches!(to, Services | Plain | Text),
            Server => matches!(to, Services | Plain | Text | Adapter | Root),
            Core | Root => false,
        }
}

/// Which crate a file belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Crate {
    App,
    Server,
}

/// A reference found in a file: the `app` item's path (after `crate`/`app`)
/// as written, resolved.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Reference {
    path: Vec<String>,
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.join("::"))
    }
}

/// Walks one file's syntax, collecting its references to the `app` crate
/// and the files of the modules it declares.
struct Scanner<'a> {
    krate: Crate,
    /// The module the scanner is in (segments from the crate root).
    module: Vec<String>,
    /// The names of the crate root's modules (for bare paths in the root).
    roots: &'a BTreeSet<String>,
    refs: BTreeSet<Reference>,
    /// Out-of-line `mod x;` declarations: the module's path.
    children: Vec<Vec<String>>,
    /// HTTP types named (for the services' rule).
    http: BTreeSet<String>,
}

impl<'a> Scanner<'a> {
    fn new(krate: Crate, module: Vec<String>, roots: &'a BTreeSet<String>) -> Self {
        Self { krate, module, roots, refs: BTreeSet::new(), children: Vec::new(), http: BTreeSet::new() }
    }

    /// Records the path `segments` (as written) if it names the `app`
    /// crate.
    fn path(&mut self, segments: &[String]) {
        if let Some(first) = segments.first()
            && matches!(first.as_str(), "axum" | "http" | "HeaderMap" | "HeaderValue" | "Parts")
        {
            self.http.insert(segments.join("::"));
        }
        if let Some(path) = self.resolve(segments) {
            self.refs.insert(Reference { path });
        }
    }

    /// The `app` item `segments` names, as segments from the app's root;
    /// `None` for anything else (std, other crates, locals, the server's
    /// own modules).
    fn resolve(&self, segments: &[String]) -> Option<Vec<String>> {
        let (first, rest) = segments.split_first()?;
        let absolute = match (self.krate, first.as_str()) {
            (Crate::Server, "app") => rest.to_vec(),
            (Crate::Server, _) => return None,
            (Crate::App, "crate") => rest.to_vec(),
            (Crate::App, "medarabench_core") => std::iter::once("domain".to_owned()).chain(rest.to_vec()).collect(),
            (Crate::App, "self" | "super") => {
                let mut module = self.module.clone();
                let mut rest = segments;
                loop {
                    match rest.first().map(String::as_str) {
                        Some("self") => rest = &rest[1..],
                        Some("super") => {
                            module.pop();
                            rest = &rest[1..];
                        }
                        _ => break,
                    }
                }
                module.extend(rest.iter().cloned());
                module
            }
            // A bare path in the crate root names a top-level module.
            (Crate::App, name) if self.module.is_empty() && self.roots.contains(name) && !rest.is_empty() => {
                segments.to_vec()
            }
            _ => return None,
        };
        (!absolute.is_empty()).then_some(absolute)
    }

    /// The paths of a macro's tokens: `a::b::c` runs of identifiers
    /// (string literals are single tokens, so their text is never read).
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        let finish = |run: &mut Vec<String>, this: &mut Self| {
            if run.len() > 1 {
                this.path(run);
            }
            run.clear();
        };
        for token in tokens {
            match token {
                proc_macro2::TokenTree::Ident(ident) => {
                    if run.is_empty() || colons == 2 {
                        run.push(ident.to_string());
                    } else {
                        finish(&mut run, self);
                        run.push(ident.to_string());
                    }
                    colons = 0;
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' && !run.is_empty() && colons < 2 => {
                    colons += 1;
                }
                proc_macro2::TokenTree::Group(group) => {
                    finish(&mut run, self);
                    colons = 0;
                    self.tokens(group.stream());
                }
                _ => {
                    finish(&mut run, self);
                    colons = 0;
                }
            }
        }
        finish(&mut run, self);
    }

    /// Each path of a `use` tree, grouped ones one by one.
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.use_leaf(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.use_leaf(prefix, &r.ident),
            syn::UseTree::Glob(_) => {
                let path = prefix.clone();
                self.path(&path);
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    fn use_leaf(&mut self, prefix: &[String], ident: &syn::Ident) {
        let mut path = prefix.to_vec();
        // `use x::{self}` names `x`.
        if ident != "self" {
            path.push(ident.to_string());
        }
        self.path(&path);
    }
}

/// Whether `attrs` hold `#[cfg(test)]` (test code is not checked).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && a.parse_args::<syn::Meta>().is_ok_and(|m| m.path().is_ident("test")))
}

/// The attributes of an item, for [`is_test`].
fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

impl<'ast> Visit<'ast> for Scanner<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if is_test(item_attrs(item)) {
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => return syn::visit::visit_impl_item(self, item),
        };
        if !is_test(attrs) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_stmt(&mut self, stmt: &'ast syn::Stmt) {
        if let syn::Stmt::Local(local) = stmt
            && is_test(&local.attrs)
        {
            return;
        }
        syn::visit::visit_stmt(self, stmt);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.module.push(item.ident.to_string());
        match &item.content {
            Some((_, items)) => {
                for item in items {
                    self.visit_item(item);
                }
            }
            None => self.children.push(self.module.clone()),
        }
        self.module.pop();
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut prefix = Vec::new();
        if item.leading_colon.is_some() && self.krate == Crate::App {
            // `::x` names the extern crate `x`: never this crate.
            return;
        }
        self.use_tree(&mut prefix, &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if path.leading_colon.is_none() || self.krate == Crate::Server {
            self.path(&segments);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.tokens(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Doc comments and other attributes hold no reference the rule
        // counts (`#[cfg(test)]` items are skipped whole).
    }
}

/// One checked file: where it is and what it is.
struct SourceFile {
    path: PathBuf,
    krate: Crate,
    module: Vec<String>,
}

impl SourceFile {
    /// What the file is, for the rule; `None` for the crate root.
    fn kind(&self) -> Option<Kind> {
        match self.krate {
            Crate::Server => Some(Kind::Server),
            Crate::App if self.module.is_empty() => None,
            Crate::App => kind_of(&self.module),
        }
    }
}

/// A file's references: the `app` items it names and its HTTP types.
struct Scanned {
    refs: BTreeSet<Reference>,
    http: BTreeSet<String>,
    children: Vec<Vec<String>>,
}

/// Scans the source `text` of a file of `krate` at `module`.
fn scan(text: &str, krate: Crate, module: &[String], roots: &BTreeSet<String>) -> Scanned {
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("cannot parse {module:?}: {e}"));
    let mut scanner = Scanner::new(krate, module.to_vec(), roots);
    for item in &file.items {
        scanner.visit_item(item);
    }
    Scanned { refs: scanner.refs, http: scanner.http, children: scanner.children }
}

/// Every file of the crate whose root is `root` (`lib.rs`, `main.rs`), by
/// its module declarations; test modules are left out.
fn crate_files(root: &Path, krate: Crate, roots: &BTreeSet<String>) -> Vec<(SourceFile, Scanned)> {
    let mut out = Vec::new();
    let mut queue = vec![(root.to_path_buf(), Vec::<String>::new())];
    while let Some((path, module)) = queue.pop() {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let scanned = scan(&text, krate, &module, roots);
        // A module's children live beside `lib.rs`, `main.rs` and `mod.rs`,
        // and in the directory named after any other file.
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let dir = if matches!(name, "lib.rs" | "main.rs" | "mod.rs") {
            path.parent().unwrap().to_path_buf()
        } else {
            path.with_extension("")
        };
        for child in &scanned.children {
            // The child's path below this file's module.
            let below = &child[module.len()..];
            let mut base = dir.clone();
            for part in &below[..below.len() - 1] {
                base.push(part);
            }
            let leaf = &below[below.len() - 1];
            let flat = base.join(format!("{leaf}.rs"));
            let nested = base.join(leaf).join("mod.rs");
            let file = if flat.exists() { flat } else { nested };
            assert!(file.exists(), "{}: module {} has no file", path.display(), child.join("::"));
            queue.push((file, child.clone()));
        }
        out.push((SourceFile { path, krate, module }, scanned));
    }
    out
}

/// The names the app crate's root declares or re-exports.
fn root_names(lib: &Path) -> BTreeSet<String> {
    let file = syn::parse_file(&std::fs::read_to_string(lib).unwrap()).unwrap();
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// What the rule refuses in one file: one line per arrow.
fn violations(file: &SourceFile, scanned: &Scanned) -> Vec<String> {
    let Some(from) = file.kind() else { return Vec::new() };
    let mut out = Vec::new();
    for reference in &scanned.refs {
        // A file naming its own module's items.
        if file.krate == Crate::App && reference.path.first() == file.module.first() {
            continue;
        }
        match kind_of(&reference.path) {
            None => out.push(format!("names {reference}, which the rule does not place")),
            Some(to) if !allowed(from, to) => out.push(format!("{from} -> {to} ({reference})")),
            Some(_) => {}
        }
    }
    if from == Kind::Services {
        for name in &scanned.http {
            out.push(format!("services take no HTTP types ({name})"));
        }
    }
    out
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

#[test]
fn arrows_point_one_way() {
    let root = workspace();
    let lib = root.join("app/src/lib.rs");
    let roots = root_names(&lib);
    let mut files = crate_files(&lib, Crate::App, &roots);
    files.extend(crate_files(&root.join("server/src/lib.rs"), Crate::Server, &roots));
    files.extend(crate_files(&root.join("server/src/main.rs"), Crate::Server, &roots));
    assert!(files.len() > 100, "the scan found only {} files", files.len());
    let mut problems = Vec::new();
    for (file, scanned) in &files {
        for problem in violations(file, scanned) {
            let shown = file.path.strip_prefix(&root).unwrap_or(&file.path).display().to_string();
            problems.push(format!("{shown}: {problem}"));
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "arrows the layering rule refuses:\n{}", problems.join("\n"));
}

#[test]
fn the_scanner_finds_every_kind_of_reference() {
    let roots: BTreeSet<String> =
        ["api", "app", "components", "db", "domain", "pages", "services"].map(String::from).into();
    let module = |m: &str| m.split("::").filter(|s| !s.is_empty()).map(String::from).collect::<Vec<_>>();
    let found = |text: &str, krate, m: &str| {
        scan(text, krate, &module(m), &roots).refs.into_iter().map(|r| r.to_string()).collect::<Vec<_>>()
    };

    let text = r#"
        use crate::db::x;
        use crate::{db as d, api::{self, y}};
        use super::super::pages::Page;
        use super::sibling;
        use std::collections::BTreeMap;
        // use crate::pages::in_a_comment;
        /// crate::pages::in_a_doc_comment()
        fn f() -> crate::domain::T {
            crate::db::called();
            let s = "crate::pages::in_a_string()";
            let v = view! { <p>{crate::api::in_a_macro()}</p> "crate::pages::in_macro_text" };
            leptos::prelude::expect_context::<crate::db::Db>();
            ::other::thing();
        }
        mod inline { use super::super::super::api::z; }
        #[cfg(test)]
        mod tests { use crate::pages::only_in_tests; }
        #[cfg(test)]
        fn helper() { crate::pages::only_in_tests(); }
    "#;
    assert_eq!(
        found(text, Crate::App, "components::layout"),
        [
            "api",
            "api::in_a_macro",
            "api::y",
            "api::z",
            "components::sibling",
            "db",
            "db::Db",
            "db::called",
            "db::x",
            "domain::T",
            "pages::Page",
        ]
    );

    let server = r#"
        use app::db::sessions;
        use app::{App, services::{self, Viewer}};
        fn f() { app::db::board::version(); ::app::api::x(); crate::http::y(); }
    "#;
    assert_eq!(
        found(server, Crate::Server, "http::forms"),
        ["App", "api::x", "db::board::version", "db::sessions", "services", "services::Viewer"]
    );

    // The crate root names its modules bare.
    assert_eq!(found("fn f() { db::x(); format!(\"{}\", 1); }", Crate::App, ""), ["db::x"]);

    // And the rule refuses what it must.
    let check = |text: &str, krate, m: &str| {
        let file = SourceFile { path: PathBuf::from(m), krate, module: module(m) };
        violations(&file, &scan(text, krate, &module(m), &roots))
    };
    assert_eq!(
        check(text, Crate::App, "components::layout"),
        [
            "components -> api (api)",
            "components -> api (api::in_a_macro)",
            "components -> api (api::y)",
            "components -> api (api::z)",
            "components -> db (db)",
            "components -> db (db::Db)",
            "components -> db (db::called)",
            "components -> db (db::x)",
            "components -> pages (pages::Page)",
        ]
    );
    assert_eq!(
        check(server, Crate::Server, "http::forms"),
        ["server -> api (api::x)", "server -> db (db::board::version)", "server -> db (db::sessions)"]
    );
    assert_eq!(
        check("use crate::api::x; use crate::i18n::Lang; fn f(h: http::HeaderMap) {}", Crate::App, "services::s"),
        [
            "services -> api (api::x)",
            "services -> text helper (i18n::Lang)",
            "services take no HTTP types (http::HeaderMap)",
        ]
    );
    assert_eq!(
        check("use crate::services::x; use crate::dataset::card;", Crate::App, "db::t"),
        ["db -> text helper (dataset::card)", "db -> services (services::x)"]
    );
    assert_eq!(
        check("use crate::domain::board; use crate::charts::svg;", Crate::App, "charts::t"),
        Vec::<String>::new(),
        "the core and a module's own items are always allowed"
    );
    assert_eq!(
        check("use crate::components::table;", Crate::App, "charts::t"),
        ["text helper -> components (components::table)"]
    );
    assert_eq!(
        check("fn f() { crate::api::teams::viewer(); super::super::components::x(); }", Crate::App, "pages::team"),
        Vec::<String>::new(),
        "pages call the api and use components"
    );
    assert_eq!(
        check("use crate::newcomer::x;", Crate::App, "api::t"),
        ["names newcomer::x, which the rule does not place"]
    );
}
