//! Strings of the `/adapting` page and its chart.

use super::Lang;

/// The texts of the page, in one language.
pub struct AdaptingText {
    pub title: &'static str,
    pub lede: &'static str,
    pub caption: &'static str,
    pub col_setting: &'static str,
    pub col_method: &'static str,
    pub col_accuracy: &'static str,
    pub col_relative: &'static str,
    pub baseline: &'static str,
    /// "n: test split, {n} questions; CI not reported."
    pub n_note: fn(&str) -> String,
    pub chart_heading: &'static str,
    /// Drawn at the top of the SVG (Arabic without Latin words, so that it
    /// renders the same in any SVG viewer).
    pub chart_title: &'static str,
    pub chart_axis: &'static str,
    /// The chart's text alternative starts with this.
    pub chart_desc: &'static str,
    pub relative_word: &'static str,
    pub download: &'static str,
    pub reading_heading: &'static str,
    pub reading: &'static str,
}

pub const EN: AdaptingText = AdaptingText {
    title: "Adapting a small model",
    lede: "Llama-3.1-8B-instruct is the weakest model of Table 4. The paper tried two ways of adapting it \
           to MedAraBench: a few worked examples in the prompt, and parameter-efficient fine-tuning (QLoRA).",
    caption: "Accuracy of Llama-3.1-8B-instruct on the MedAraBench test split, by adaptation method.",
    col_setting: "Setting",
    col_method: "What was done",
    col_accuracy: "Accuracy",
    col_relative: "Change relative to zero-shot",
    baseline: "baseline",
    n_note: |n| {
        format!(
            "n: test split, {n} questions; CI not reported (the paper gives these accuracies without a confidence interval)."
        )
    },
    chart_heading: "The same figures as a chart",
    chart_title: "Llama-3.1-8B-instruct: accuracy by adaptation (Table 5)",
    chart_axis: "Accuracy",
    chart_desc: "Bar chart of the accuracy of Llama-3.1-8B-instruct on the MedAraBench test split",
    relative_word: "relative",
    download: "Download the chart (SVG)",
    reading_heading: "What it shows",
    reading: "Three examples in the prompt help a little; fine-tuning with QLoRA helps far more. \
              Even adapted, the small model stays well below the proprietary models of Table 4.",
};

pub const AR: AdaptingText = AdaptingText {
    title: "تكييف نموذج صغير",
    lede: "النموذج Llama-3.1-8B-instruct هو الأضعف في الجدول 4. جرّبت الورقة طريقتين لتكييفه مع MedAraBench: \
           إضافة بضعة أمثلة محلولة إلى التعليمة، والضبط الدقيق الموفّر للمعاملات بطريقة QLoRA.",
    caption: "دقة Llama-3.1-8B-instruct على مجموعة اختبار MedAraBench حسب طريقة التكييف.",
    col_setting: "الإعداد",
    col_method: "ما الذي أُجري",
    col_accuracy: "الدقة",
    col_relative: "التغيّر النسبي مقارنةً بالإعداد دون أمثلة",
    baseline: "خط الأساس",
    n_note: |n| {
        format!("n: مجموعة الاختبار، وعدد أسئلتها {n}؛ فترة الثقة غير منشورة (تعرض الورقة هذه النتائج دون فترة ثقة).")
    },
    chart_heading: "الأرقام نفسها في مخطط",
    chart_title: "الدقة حسب طريقة التكييف، الجدول 5",
    chart_axis: "الدقة",
    chart_desc: "مخطط أعمدة لدقة Llama-3.1-8B-instruct على مجموعة اختبار MedAraBench",
    relative_word: "نسبيًا",
    download: "تنزيل المخطط (SVG)",
    reading_heading: "ما تبيّنه النتائج",
    reading: "إضافة ثلاثة أمثلة إلى التعليمة تحسّن الدقة قليلًا، أما الضبط الدقيق بطريقة QLoRA فيحسّنها أكثر بكثير. \
              ومع ذلك يبقى النموذج الصغير بعد تكييفه دون النماذج مغلقة المصدر في الجدول 4 بفارق واضح.",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static AdaptingText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}

/// A Table 5 setting (`zero-shot`, `3-shot`, `QLoRA`): its display name and
/// what was done. Latin names inside Arabic are isolated left-to-right, so
/// `3-shot` does not turn into `shot-3`.
pub fn setting(lang: Lang, subject: &str) -> (String, &'static str) {
    let (ar_name, en_method, ar_method) = match subject {
        "zero-shot" => (
            "\u{2066}zero-shot\u{2069} (دون أمثلة)",
            "No examples in the prompt: the Table 4 setting (temperature 0)",
            "دون أي مثال في التعليمة: إعداد الجدول 4 نفسه (درجة الحرارة 0)",
        ),
        "3-shot" => (
            "\u{2066}3-shot\u{2069} (ثلاثة أمثلة)",
            "Three expert-rated examples from the train split in the prompt",
            "ثلاثة أمثلة من مجموعة التدريب قيّمها الخبراء، مضافة إلى التعليمة",
        ),
        "QLoRA" => (
            "QLoRA",
            "Fine-tuned with QLoRA: 4-bit base model, LoRA adapters on the q/k/v/o projections, up to 800 steps",
            "ضبط دقيق بطريقة QLoRA: النموذج الأساسي مكمَّم إلى 4 بتات، ومحوّلات LoRA على إسقاطات q/k/v/o، حتى 800 خطوة",
        ),
        _ => ("", "", ""),
    };
    match lang {
        Lang::En => (subject.to_owned(), en_method),
        Lang::Ar if ar_name.is_empty() => (subject.to_owned(), ar_method),
        Lang::Ar => (ar_name.to_owned(), ar_method),
    }
}
