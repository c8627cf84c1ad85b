//! Strings of the comparison page (`/compare`).

use super::Lang;

/// The texts of the page, in one language.
pub struct CompareText {
    pub title: &'static str,
    pub lede: &'static str,
    pub form_legend: &'static str,
    pub label_a: &'static str,
    pub label_b: &'static str,
    pub choose: &'static str,
    pub submit: &'static str,
    pub incomplete: &'static str,
    pub same: &'static str,
    /// "No public submission has the id {id}."
    pub not_found: fn(&str) -> String,
    /// "... scored on different answer keys ({a} and {b}) ..."
    pub different_keys: fn(&str, &str) -> String,
    pub synthetic_notice: &'static str,
    pub col_submission: &'static str,
    pub row_model: &'static str,
    pub row_team: &'static str,
    pub row_accuracy: &'static str,
    pub row_key: &'static str,
    pub difference_heading: &'static str,
    pub difference: &'static str,
    pub paired_ci: &'static str,
    /// "{replicates} paired bootstrap resamples of the {n} questions".
    pub bootstrap_note: fn(&str, &str) -> String,
    pub mcnemar: &'static str,
    /// "A right and B wrong on {a} questions, the reverse on {b}".
    pub discordant: fn(&str, &str) -> String,
    pub reading: &'static str,
    pub by_specialty: &'static str,
    pub by_level: &'static str,
    pub col_specialty: &'static str,
    pub col_level: &'static str,
    pub col_n: &'static str,
    pub col_accuracy_a: &'static str,
    pub col_accuracy_b: &'static str,
    pub col_difference: &'static str,
    pub cells_note: &'static str,
    pub back: &'static str,
}

pub const EN: CompareText = CompareText {
    title: "Compare two submissions",
    lede: "Two public submissions scored on the same answer key, question by question: the difference in \
           accuracy with a paired 95% interval, and the exact McNemar test.",
    form_legend: "Submissions to compare",
    label_a: "Submission A",
    label_b: "Submission B",
    choose: "choose…",
    submit: "Compare",
    incomplete: "Choose two public submissions (or give their ids as ?a=ID&b=ID).",
    same: "Choose two different submissions.",
    not_found: |id| format!("No public submission has the id {id}."),
    different_keys: |a, b| {
        format!(
            "These submissions were scored on different answer keys ({a} and {b}): their questions cannot be \
             paired, so they are not compared here."
        )
    },
    synthetic_notice: "Both were scored on the synthetic demo key, not the real MedAraBench test split: the \
                       comparison says nothing about the models.",
    col_submission: "Submission",
    row_model: "Model",
    row_team: "Team",
    row_accuracy: "Accuracy",
    row_key: "Answer key",
    difference_heading: "Difference",
    difference: "Accuracy A − accuracy B",
    paired_ci: "95% CI (paired bootstrap)",
    bootstrap_note: |replicates, n| {
        format!("{replicates} resamples of the {n} questions, the same questions for both, with a fixed seed per pair.")
    },
    mcnemar: "Exact McNemar test, p",
    discordant: |a, b| format!("A right and B wrong on {a} questions; B right and A wrong on {b}."),
    reading: "An interval that excludes 0 and a small p (below 0.05) say the two differ on this key; \
              otherwise they cannot be told apart.",
    by_specialty: "By specialty",
    by_level: "By level",
    col_specialty: "Specialty",
    col_level: "Level",
    col_n: "n",
    col_accuracy_a: "A: accuracy (95% CI)",
    col_accuracy_b: "B: accuracy (95% CI)",
    col_difference: "A − B",
    cells_note: "Differences by specialty and level are observed differences without their own interval or \
                 test; small cells vary a lot.",
    back: "Back to the leaderboard",
};

pub const AR: CompareText = CompareText {
    title: "المقارنة بين مشاركتين",
    lede: "مشاركتان علنيتان صُحِّحتا على مفتاح الإجابات نفسه، سؤالًا بسؤال: الفرق في الدقة مع فاصل ثقة \
           95% مقترن، واختبار ماكنمار الدقيق.",
    form_legend: "المشاركتان المراد مقارنتهما",
    label_a: "المشاركة A",
    label_b: "المشاركة B",
    choose: "اختر…",
    submit: "قارن",
    incomplete: "اختر مشاركتين علنيتين (أو اكتب معرّفيهما في العنوان: ?a=ID&b=ID).",
    same: "اختر مشاركتين مختلفتين.",
    not_found: |id| format!("لا توجد مشاركة علنية بالمعرّف {id}."),
    different_keys: |a, b| {
        format!(
            "صُحِّحت هاتان المشاركتان على مفتاحَي إجابات مختلفين ({a} و{b}): لا يمكن مقابلة أسئلتهما، \
             لذا لا تُقارَنان هنا."
        )
    },
    synthetic_notice: "صُحِّحت المشاركتان على مفتاح إجابات اصطناعي للعرض، لا على مجموعة اختبار MedAraBench \
                       الحقيقية: هذه المقارنة لا تدل على شيء في أداء النموذجين.",
    col_submission: "المشاركة",
    row_model: "النموذج",
    row_team: "الفريق",
    row_accuracy: "الدقة",
    row_key: "مفتاح الإجابات",
    difference_heading: "الفرق",
    difference: "دقة A − دقة B",
    paired_ci: "فاصل ثقة 95% (بوتستراب مقترن)",
    bootstrap_note: |replicates, n| {
        format!("{replicates} عينة مُعادة من الأسئلة الـ{n}، الأسئلة نفسها للمشاركتين، ببذرة ثابتة لكل زوج.")
    },
    mcnemar: "اختبار ماكنمار الدقيق، p",
    discordant: |a, b| format!("أصابت A وأخطأت B في {a} سؤالًا؛ وأصابت B وأخطأت A في {b}."),
    reading: "إذا لم يتضمن الفاصل الصفر وكانت p صغيرة (أقل من 0.05) فالمشاركتان مختلفتان على هذا المفتاح؛ \
              وإلا فلا يمكن التمييز بينهما.",
    by_specialty: "حسب التخصص",
    by_level: "حسب السنة الدراسية",
    col_specialty: "التخصص",
    col_level: "السنة",
    col_n: "n",
    col_accuracy_a: "A: الدقة (فاصل ثقة 95%)",
    col_accuracy_b: "B: الدقة (فاصل ثقة 95%)",
    col_difference: "A − B",
    cells_note: "الفروق حسب التخصص والسنة فروق مُشاهَدة بلا فاصل ثقة ولا اختبار خاص بها؛ والخلايا الصغيرة \
                 تتذبذب كثيرًا.",
    back: "العودة إلى لوحة الصدارة",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static CompareText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
