//! Strings of the `/upload` form, including the messages of the in-browser
//! file check and of the upload with progress.

use super::Lang;

/// The texts of the page, in one language.
pub struct UploadText {
    pub title: &'static str,
    /// "Please {sign in} to upload predictions."
    pub please: &'static str,
    pub sign_in: &'static str,
    pub to_upload: &'static str,
    /// Around the demo key's question count.
    pub synthetic_before: &'static str,
    pub synthetic_after: &'static str,
    /// "Uploads left today: {n}; in total: {n}. A refused file does not count."
    pub quota_today: &'static str,
    pub quota_total: &'static str,
    pub quota_end: &'static str,
    pub legend_predictions: &'static str,
    pub file: &'static str,
    pub benchmark: &'static str,
    pub legend_model: &'static str,
    pub model_name: &'static str,
    pub model_url: &'static str,
    pub model_params: &'static str,
    pub params_placeholder: &'static str,
    pub notes: &'static str,
    pub legend_protocol: &'static str,
    pub prompt_language: &'static str,
    pub shots: &'static str,
    pub temperature: &'static str,
    pub chain_of_thought: &'static str,
    pub extraction: &'static str,
    pub extraction_placeholder: &'static str,
    pub legend_contamination: &'static str,
    pub contamination: &'static str,
    pub visibility: &'static str,
    pub submit: &'static str,
    pub progress: &'static str,
    /// "Checking {file name}…"
    pub checking: fn(&str) -> String,
    pub unreadable: &'static str,
    /// The row count and the format of a file that parses.
    pub looks_valid: fn(usize, &str) -> String,
    /// The parser's reason (in English).
    pub refused: fn(&str) -> String,
    /// Appended to the check when the form is sent with a bad file.
    pub choose_valid: &'static str,
    pub network_error: &'static str,
}

pub const EN: UploadText = UploadText {
    title: "Upload predictions",
    please: "Please ",
    sign_in: "sign in",
    to_upload: " to upload predictions.",
    synthetic_before: "This server has no real answer key yet: uploads are scored on a synthetic demo key of ",
    synthetic_after: " questions. Such scores say nothing about a model.",
    quota_today: "Uploads left today: ",
    quota_total: "; in total: ",
    quota_end: ". A refused file does not count.",
    legend_predictions: "Predictions",
    file: "File (CSV with question_id and answer or response, or JSON Lines)",
    benchmark: "Benchmark",
    legend_model: "Model",
    model_name: "Model name",
    model_url: "Model URL",
    model_params: "Parameters",
    params_placeholder: "e.g. 8B",
    notes: "Notes",
    legend_protocol: "Protocol card",
    prompt_language: "Prompt language",
    shots: "Shots",
    temperature: "Temperature",
    chain_of_thought: "Chain of thought",
    extraction: "Letter extraction",
    extraction_placeholder: "e.g. the server's protocol",
    legend_contamination: "Contamination and visibility",
    contamination: "Was the model trained on MedAraBench data?",
    visibility: "Visibility",
    submit: "Upload and score",
    progress: "Upload progress",
    checking: |name| format!("Checking {name}…"),
    unreadable: "The file could not be read.",
    looks_valid: |rows, format| {
        format!("Looks valid: {rows} rows ({format}). Ids are checked against the key on the server.")
    },
    refused: |reason| format!("This file would be refused: {reason}"),
    choose_valid: " Choose a valid file.",
    network_error: "The upload failed (network error). Nothing was stored; please try again.",
};

pub const AR: UploadText = UploadText {
    title: "رفع التنبؤات",
    please: "يُرجى ",
    sign_in: "تسجيل الدخول",
    to_upload: " لرفع التنبؤات.",
    synthetic_before: "لا يوجد على هذا الخادم مفتاح إجابات حقيقي بعد: تُقيَّم الملفات المرفوعة بمفتاح عرض اصطناعي \
                       عدد أسئلته ",
    synthetic_after: ". ومثل هذه النتائج لا تدل على شيء بشأن أي نموذج.",
    quota_today: "عمليات الرفع المتبقية اليوم: ",
    quota_total: "؛ والمتبقي إجمالًا: ",
    quota_end: ". ولا يُحتسب الملف المرفوض.",
    legend_predictions: "التنبؤات",
    file: "الملف (CSV فيه العمود question_id مع answer أو response، أو JSON Lines)",
    benchmark: "المعيار",
    legend_model: "النموذج",
    model_name: "اسم النموذج",
    model_url: "رابط النموذج",
    model_params: "عدد المعاملات",
    params_placeholder: "مثلًا: 8B",
    notes: "ملاحظات",
    legend_protocol: "بطاقة البروتوكول",
    prompt_language: "لغة الموجِّه (prompt)",
    shots: "عدد الأمثلة في الموجِّه (shots)",
    temperature: "درجة الحرارة (temperature)",
    chain_of_thought: "التفكير المتسلسل (chain of thought)",
    extraction: "طريقة استخراج الحرف",
    extraction_placeholder: "مثلًا: بروتوكول الخادم",
    legend_contamination: "تلوّث البيانات والظهور",
    contamination: "هل دُرِّب النموذج على بيانات MedAraBench؟",
    visibility: "الظهور",
    submit: "ارفع الملف وقيِّمه",
    progress: "تقدّم الرفع",
    checking: |name| format!("جارٍ فحص \u{2068}{name}\u{2069}…"),
    unreadable: "تعذّرت قراءة الملف.",
    looks_valid: |rows, format| {
        format!(
            "يبدو الملف سليمًا: عدد صفوفه {rows} \u{2066}({format})\u{2069}. وتُطابَق معرّفات الأسئلة مع المفتاح على الخادم."
        )
    },
    refused: |reason| format!("سيُرفض هذا الملف (السبب بالإنجليزية): \u{2066}{reason}\u{2069}"),
    choose_valid: " اختر ملفًّا سليمًا.",
    network_error: "تعذّر الرفع (خطأ في الشبكة). لم يُخزَّن شيء؛ يُرجى المحاولة مرة أخرى.",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static UploadText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
