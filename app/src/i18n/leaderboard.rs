//! Strings of the leaderboard page (`/`).

use super::Lang;

/// The texts of the page, in one language.
pub struct LeaderboardText {
    pub title: &'static str,
    pub heading: &'static str,
    pub lede: &'static str,
    pub loading: &'static str,
    /// "{count} published models (source: ..., Table 4; ...)."
    pub caption: fn(usize) -> String,
    pub sort_hint: &'static str,
    pub col_rank: &'static str,
    pub col_model: &'static str,
    pub col_category: &'static str,
    pub col_accuracy: &'static str,
    pub col_n: &'static str,
    pub col_source: &'static str,
    pub published: &'static str,
}

pub const EN: LeaderboardText = LeaderboardText {
    title: "Leaderboard",
    heading: "MedAraBench leaderboard",
    lede: "Zero-shot accuracy of language models on the MedAraBench test split: \
           Arabic multiple-choice questions from medical-school exams, 19 specialties, years Y1–Y5.",
    loading: "Loading results…",
    caption: |n| format!("{n} published models (source: the MedAraBench paper, Table 4; zero-shot, temperature 0). "),
    sort_hint: "Click a column header to sort.",
    col_rank: "Rank",
    col_model: "Model",
    col_category: "Category",
    col_accuracy: "Accuracy",
    col_n: "n",
    col_source: "Source",
    published: "Published",
};

pub const AR: LeaderboardText = LeaderboardText {
    title: "لوحة الصدارة",
    heading: "لوحة صدارة MedAraBench",
    lede: "دقة النماذج اللغوية دون أمثلة مسبقة (zero-shot) على مجموعة اختبار MedAraBench: \
           أسئلة عربية متعددة الخيارات من امتحانات كليات الطب، في 19 تخصصًا، للسنوات الدراسية من Y1 إلى Y5.",
    loading: "جارٍ تحميل النتائج…",
    caption: |n| {
        format!("عدد النماذج المنشورة: {n} (المصدر: ورقة MedAraBench، الجدول 4؛ دون أمثلة مسبقة، بدرجة حرارة 0). ")
    },
    sort_hint: "انقر على عنوان أي عمود لترتيب الجدول حسبه.",
    col_rank: "الترتيب",
    col_model: "النموذج",
    col_category: "الفئة",
    col_accuracy: "الدقة",
    col_n: "n",
    col_source: "المصدر",
    published: "منشور",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static LeaderboardText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
