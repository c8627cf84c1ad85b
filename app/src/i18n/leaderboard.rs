//! Strings of the leaderboard page (`/`) and its chart.

use super::{Lang, count};

/// The texts of the page, in one language.
pub struct LeaderboardText {
    pub title: &'static str,
    pub heading: &'static str,
    pub lede: &'static str,
    pub loading: &'static str,
    /// "{shown} of {total} models ..." (the baselines are not counted).
    pub caption: fn(usize, usize) -> String,
    /// When verified rows were left out: "the best {shown} of {matching}
    /// matching ...; every row is in the exports", before the export links.
    pub rows_limited: fn(&str, &str) -> String,
    pub sort_hint: &'static str,
    pub col_rank: &'static str,
    pub col_model: &'static str,
    pub col_team_source: &'static str,
    pub col_category: &'static str,
    pub col_size: &'static str,
    pub col_accuracy: &'static str,
    pub col_n: &'static str,
    pub col_date: &'static str,
    pub col_contamination: &'static str,
    pub badge_reported: &'static str,
    pub badge_verified: &'static str,
    pub badge_reference: &'static str,
    /// "Paper, {table}".
    pub paper: fn(&str) -> String,
    /// "on key {name}" for baselines.
    pub on_key: fn(&str) -> String,
    pub random_guessing: &'static str,
    /// "Always {letter}".
    pub always: fn(char) -> String,
    pub paper_date: &'static str,
    pub not_stated: &'static str,
    pub not_applicable: &'static str,
    pub unranked: &'static str,
    pub approx_title: &'static str,
    pub demo_key_badge: &'static str,
    pub synthetic_notice: &'static str,
    pub contamination_none: &'static str,
    pub contamination_train: &'static str,
    pub contamination_test: &'static str,
    pub contamination_both: &'static str,
    pub filter_legend: &'static str,
    pub filter_source: &'static str,
    pub filter_all: &'static str,
    pub filter_category: &'static str,
    pub category_none: &'static str,
    pub filter_search: &'static str,
    pub apply: &'static str,
    pub clear: &'static str,
    pub no_match: &'static str,
    pub reference_heading: &'static str,
    pub rank_note: &'static str,
    pub approx_note: &'static str,
    pub reference_note: &'static str,
    pub chart_heading: &'static str,
    pub chart_title: &'static str,
    pub chart_axis: &'static str,
    /// The `alt` of the chart image on the page.
    pub chart_alt: &'static str,
    /// The chart's text alternative: "{n} rows ...".
    pub chart_desc: fn(usize) -> String,
    /// Shown when the chart leaves rows out: "the best {shown} of {total}".
    pub chart_limited: fn(usize, usize) -> String,
    pub download_chart: &'static str,
    pub download_csv: &'static str,
    pub download_json: &'static str,
    pub compare_link: &'static str,
}

pub const EN: LeaderboardText = LeaderboardText {
    title: "Leaderboard",
    heading: "MedAraBench leaderboard",
    lede: "Zero-shot accuracy of language models on the MedAraBench test split: \
           Arabic multiple-choice questions from medical-school exams, 19 specialties, years Y1–Y5.",
    loading: "Loading results…",
    caption: |shown, total| {
        format!(
            "{} of {} models: published in the MedAraBench paper (Table 4; zero-shot, temperature 0) \
             and verified here (scored by this server), with baselines below. ",
            count(shown as u64),
            count(total as u64)
        )
    },
    rows_limited: |shown, matching| {
        format!(
            "Showing the best {shown} of {matching} matching verified submissions; the search and filters \
             look through all of them, and every row is in the CSV and JSON exports:"
        )
    },
    sort_hint: "Click a column header to sort.",
    col_rank: "Rank",
    col_model: "Model",
    col_team_source: "Team or source",
    col_category: "Category",
    col_size: "Size",
    col_accuracy: "Accuracy (95% CI)",
    col_n: "n",
    col_date: "Date",
    col_contamination: "Trained on MedAraBench",
    badge_reported: "Published",
    badge_verified: "Verified",
    badge_reference: "Baseline",
    paper: |table| format!("Paper, {table}"),
    on_key: |key| format!("computed on key {key}"),
    random_guessing: "Uniform random guessing",
    always: |l| format!("Always {l}"),
    paper_date: "ICLR 2026",
    not_stated: "not stated",
    not_applicable: "n/a",
    unranked: "not ranked",
    approx_title: "approximate: Wilson interval from the rounded published accuracy and n",
    demo_key_badge: "demo key",
    synthetic_notice: "Rows marked “demo key” were scored on the synthetic demo key, not the real MedAraBench \
                       test split: those scores say nothing about the models.",
    contamination_none: "no",
    contamination_train: "train split",
    contamination_test: "test split",
    contamination_both: "train and test splits",
    filter_legend: "Filter the table",
    filter_source: "Source",
    filter_all: "All",
    filter_category: "Category",
    category_none: "none (submissions)",
    filter_search: "Model name",
    apply: "Apply",
    clear: "Clear filters",
    no_match: "No model matches these filters.",
    reference_heading: "Baselines (not models, not ranked)",
    rank_note: "Rank: the places a model could hold given pairwise tests at the 5% level with Holm's correction \
                (exact McNemar test between submissions scored on the same key, otherwise a two-proportion z-test); \
                models whose ranges overlap cannot be told apart. Ranked: the published models and the best 200 \
                verified submissions.",
    approx_note: "≈ Published rows: the paper gives accuracy to three decimals on n = 4,989, so their 95% \
                  intervals are approximate (Wilson, from the rounded accuracy).",
    reference_note: "Baselines answer without reading the questions, scored on this server's default answer key \
                     with the same rules as every submission: uniform random guessing (its expected accuracy; \
                     the interval holds 95% of guessers), always answering A, and the best single letter.",
    chart_heading: "Accuracy with 95% confidence intervals",
    chart_title: "MedAraBench accuracy with 95% CI",
    chart_axis: "Accuracy",
    chart_alt: "Chart: the accuracy of each row of the table as a dot, its 95% confidence interval as a whisker, \
                best first; the table gives every value.",
    chart_desc: |n| {
        format!(
            "Dot-and-whisker chart of {n} rows, best first: each dot is an accuracy, each whisker its 95% \
             confidence interval; the table lists every value."
        )
    },
    chart_limited: |shown, total| format!("The chart shows the best {shown} of {total} models; the table lists all."),
    download_chart: "Download the chart (SVG)",
    download_csv: "Download the table (CSV)",
    download_json: "JSON",
    compare_link: "Compare two submissions",
};

pub const AR: LeaderboardText = LeaderboardText {
    title: "لوحة الصدارة",
    heading: "لوحة صدارة MedAraBench",
    lede: "دقة النماذج اللغوية دون أمثلة مسبقة (zero-shot) على مجموعة اختبار MedAraBench: \
           أسئلة عربية متعددة الخيارات من امتحانات كليات الطب، في 19 تخصصًا، للسنوات الدراسية من Y1 إلى Y5.",
    loading: "جارٍ تحميل النتائج…",
    caption: |shown, total| {
        format!(
            "{} من {} نموذجًا: منشورة في ورقة MedAraBench (الجدول 4؛ دون أمثلة مسبقة، بدرجة حرارة 0) \
             ومُتحقَّق منها هنا (صحّحها هذا الخادم)، وتحتها خطوط الأساس. ",
            count(shown as u64),
            count(total as u64)
        )
    },
    rows_limited: |shown, matching| {
        format!(
            "يُعرض أفضل {shown} من {matching} مشاركة مُتحقَّق منها تطابق التصفية؛ يشمل البحث والتصفية \
             المشاركات كلها، وكل الصفوف موجودة في ملفَّي التصدير CSV وJSON:"
        )
    },
    sort_hint: "انقر على عنوان أي عمود لترتيب الجدول حسبه.",
    col_rank: "الترتيب",
    col_model: "النموذج",
    col_team_source: "الفريق أو المصدر",
    col_category: "الفئة",
    col_size: "الحجم",
    col_accuracy: "الدقة (فاصل ثقة 95%)",
    col_n: "n",
    col_date: "التاريخ",
    col_contamination: "دُرِّب على بيانات MedAraBench",
    badge_reported: "منشور",
    badge_verified: "مُتحقَّق منه",
    badge_reference: "خط أساس",
    paper: |table| {
        let table = match table.strip_prefix("Table ") {
            Some(n) => format!("الجدول {n}"),
            None => table.to_owned(),
        };
        format!("الورقة، {table}")
    },
    on_key: |key| format!("محسوب على مفتاح الإجابات {key}"),
    random_guessing: "التخمين العشوائي المنتظم",
    always: |l| format!("الإجابة {l} دائمًا"),
    paper_date: "ICLR 2026",
    not_stated: "غير مذكور",
    not_applicable: "لا ينطبق",
    unranked: "غير مرتَّب",
    approx_title: "تقريبي: فاصل ويلسون محسوب من الدقة المنشورة المقرَّبة ومن n",
    demo_key_badge: "مفتاح تجريبي",
    synthetic_notice: "الصفوف الموسومة «مفتاح تجريبي» صُحِّحت على مفتاح إجابات اصطناعي للعرض، لا على مجموعة \
                       اختبار MedAraBench الحقيقية: هذه الدرجات لا تدل على شيء في أداء النماذج.",
    contamination_none: "لا",
    contamination_train: "مجموعة التدريب",
    contamination_test: "مجموعة الاختبار",
    contamination_both: "مجموعتا التدريب والاختبار",
    filter_legend: "تصفية الجدول",
    filter_source: "المصدر",
    filter_all: "الكل",
    filter_category: "الفئة",
    category_none: "بلا فئة (المشاركات)",
    filter_search: "اسم النموذج",
    apply: "تطبيق",
    clear: "إلغاء التصفية",
    no_match: "لا يوجد نموذج يطابق هذه التصفية.",
    reference_heading: "خطوط الأساس (ليست نماذج ولا تدخل الترتيب)",
    rank_note: "الترتيب: المراتب التي يمكن أن يحتلها النموذج وفق اختبارات زوجية عند مستوى 5% مع تصحيح هولم \
                (اختبار ماكنمار الدقيق بين مشاركتين صُحِّحتا على مفتاح الإجابات نفسه، وإلا فاختبار z لنسبتين)؛ \
                النماذج التي تتداخل نطاقاتها لا يمكن التمييز بينها. يشمل الترتيب النماذج المنشورة وأفضل 200 \
                مشاركة مُتحقَّق منها.",
    approx_note: "≈ الصفوف المنشورة: تذكر الورقة الدقة بثلاث منازل عشرية على n = 4,989، لذا فواصل الثقة \
                  95% لها تقريبية (فاصل ويلسون من الدقة المقرَّبة).",
    reference_note: "خطوط الأساس تجيب دون قراءة الأسئلة، وتُصحَّح على مفتاح الإجابات الافتراضي لهذا الخادم \
                     بالقواعد نفسها المطبقة على كل مشاركة: التخمين العشوائي المنتظم (دقته المتوقعة، ويضم الفاصل \
                     95% من المخمِّنين)، والإجابة A دائمًا، وأفضل حرف واحد.",
    chart_heading: "الدقة مع فواصل ثقة 95%",
    chart_title: "دقة MedAraBench مع فاصل ثقة 95%",
    chart_axis: "الدقة",
    chart_alt: "مخطط: دقة كل صف من صفوف الجدول نقطةً، وفاصل الثقة 95% لها شريطًا، الأفضل أولًا؛ \
                والجدول يذكر كل القيم.",
    chart_desc: |n| {
        format!(
            "مخطط نقاط وأشرطة خطأ لـ {n} صفًا، الأفضل أولًا: كل نقطة دقة، وكل شريط فاصل ثقة 95% لها؛ \
             والجدول يذكر كل القيم."
        )
    },
    chart_limited: |shown, total| format!("يعرض المخطط أفضل {shown} من {total} نموذجًا؛ والجدول يذكرها كلها."),
    download_chart: "تنزيل المخطط (SVG)",
    download_csv: "تنزيل الجدول (CSV)",
    download_json: "JSON",
    compare_link: "قارن بين مشاركتين",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static LeaderboardText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}

/// A declared contamination value (`none`, `train`...) in `lang`.
pub fn contamination(lang: Lang, value: Option<&str>) -> &'static str {
    let t = text(lang);
    match value {
        Some("none") => t.contamination_none,
        Some("train") => t.contamination_train,
        Some("test") => t.contamination_test,
        Some("train_and_test") => t.contamination_both,
        _ => t.not_stated,
    }
}
