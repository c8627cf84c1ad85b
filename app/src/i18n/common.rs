//! Strings shared by every page: navigation, the language switch, the
//! not-found page, and the names of things the data itself contains
//! (sources, model categories, specialties, levels, key warnings).

use super::Lang;
use crate::domain::WarningKind;

/// The site-wide strings of one language.
pub struct Common {
    pub site_description: &'static str,
    pub nav_label: &'static str,
    pub nav_leaderboard: &'static str,
    pub nav_quality: &'static str,
    pub nav_adapting: &'static str,
    pub nav_medarabiq: &'static str,
    pub nav_dataset: &'static str,
    pub nav_submit: &'static str,
    /// The other language's name, in that language.
    pub switch_label: &'static str,
    /// What the switch does, in this language.
    pub switch_title: &'static str,
    pub not_reported: &'static str,
    pub source: &'static str,
    pub loading: &'static str,
    pub none: &'static str,
    pub not_found_title: &'static str,
    pub not_found_text: &'static str,
    pub not_found_back: &'static str,
}

pub const EN: Common = Common {
    site_description: "MedAraBench: Arabic medical multiple-choice benchmark leaderboard",
    nav_label: "Main",
    nav_leaderboard: "Leaderboard",
    nav_quality: "Data quality",
    nav_adapting: "Adapting a small model",
    nav_medarabiq: "MedArabiQ",
    nav_dataset: "Dataset",
    nav_submit: "How to submit",
    switch_label: "العربية",
    switch_title: "Read this page in Arabic",
    not_reported: "not reported",
    source: "Source",
    loading: "Loading…",
    none: "none",
    not_found_title: "Page not found",
    not_found_text: "There is no page at this address.",
    not_found_back: "Back to the leaderboard",
};

pub const AR: Common = Common {
    site_description: "MedAraBench: لوحة صدارة معيار الأسئلة الطبية العربية متعددة الخيارات",
    nav_label: "القائمة الرئيسية",
    nav_leaderboard: "لوحة الصدارة",
    nav_quality: "جودة البيانات",
    nav_adapting: "تكييف نموذج صغير",
    nav_medarabiq: "MedArabiQ",
    nav_dataset: "مجموعة البيانات",
    nav_submit: "طريقة المشاركة",
    switch_label: "English",
    switch_title: "اقرأ هذه الصفحة بالإنجليزية",
    not_reported: "غير منشور",
    source: "المصدر",
    loading: "جارٍ التحميل…",
    none: "لا يوجد",
    not_found_title: "الصفحة غير موجودة",
    not_found_text: "لا توجد صفحة بهذا العنوان.",
    not_found_back: "العودة إلى لوحة الصدارة",
};

/// The shared strings of `lang`.
pub fn text(lang: Lang) -> &'static Common {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}

/// Where a published figure comes from, from its `source_table` tag:
/// "Table 5" → "الجدول 5" in Arabic; named sections get a readable name.
pub fn source_label(lang: Lang, source_table: &str) -> String {
    match (lang, source_table) {
        (Lang::En, "LLM-as-a-judge") => "the paper's LLM-as-a-judge section".into(),
        (Lang::En, "Cochran") => "the paper's sample-size computation".into(),
        (Lang::En, "Dataset") => "the paper's dataset description".into(),
        (Lang::En, other) => other.to_owned(),
        (Lang::Ar, "LLM-as-a-judge") => "قسم التقييم بالنماذج اللغوية (LLM-as-a-judge) في الورقة".into(),
        (Lang::Ar, "Cochran") => "حساب حجم العينة في الورقة".into(),
        (Lang::Ar, "Dataset") => "وصف مجموعة البيانات في الورقة".into(),
        (Lang::Ar, other) => match other.strip_prefix("Table ") {
            Some(n) => format!("الجدول {n}"),
            None => other.to_owned(),
        },
    }
}

/// A model category of Table 4 ("proprietary, general").
pub fn category_label(lang: Lang, access: &str, focus: &str) -> String {
    match lang {
        Lang::En => format!("{access}, {focus}"),
        Lang::Ar => {
            let access = match access {
                "proprietary" => "مغلق المصدر",
                "open" => "مفتوح المصدر",
                other => other,
            };
            let focus = match focus {
                "general" => "عام",
                "Arabic" => "عربي",
                "medical" => "طبي",
                other => other,
            };
            format!("{access}، {focus}")
        }
    }
}

/// The Arabic name of one of the paper's 19 specialties (the data keeps
/// the English names).
pub fn specialty_ar(name: &str) -> Option<&'static str> {
    Some(match name {
        "Anatomy" => "التشريح",
        "Anesthesia" => "التخدير",
        "Biochemistry" => "الكيمياء الحيوية",
        "Cell and Molecular Biology" => "علم الأحياء الخلوي والجزيئي",
        "Chemistry and Physics" => "الكيمياء والفيزياء",
        "Embryology" => "علم الأجنة",
        "Emergency Medicine" => "طب الطوارئ",
        "Internal Medicine" => "الطب الباطني",
        "Medical Ethics" => "أخلاقيات الطب",
        "Microbiology" => "علم الأحياء الدقيقة",
        "Ophthalmology" => "طب العيون",
        "Pathology" => "علم الأمراض",
        "Pediatrics" => "طب الأطفال",
        "Pharmacology" => "علم الأدوية",
        "Physiology" => "علم وظائف الأعضاء",
        "Preventive Medicine" => "الطب الوقائي",
        "Psychiatry" => "الطب النفسي",
        "Statistics" => "الإحصاء",
        "Surgery" => "الجراحة",
        _ => return None,
    })
}

/// A level ("Y1".."Y5") with the year spelled out.
pub fn level_label(lang: Lang, level: &str) -> String {
    let ordinal = match (lang, level) {
        (Lang::En, "Y1") => "first year",
        (Lang::En, "Y2") => "second year",
        (Lang::En, "Y3") => "third year",
        (Lang::En, "Y4") => "fourth year",
        (Lang::En, "Y5") => "fifth year",
        (Lang::Ar, "Y1") => "السنة الأولى",
        (Lang::Ar, "Y2") => "السنة الثانية",
        (Lang::Ar, "Y3") => "السنة الثالثة",
        (Lang::Ar, "Y4") => "السنة الرابعة",
        (Lang::Ar, "Y5") => "السنة الخامسة",
        _ => return level.to_owned(),
    };
    format!("{level} ({ordinal})")
}

/// What a key warning means, in one line.
pub fn warning_label(lang: Lang, kind: WarningKind) -> &'static str {
    use WarningKind as W;
    match (lang, kind) {
        (Lang::En, W::GroupMismatch) => "The Group column disagrees with the non-empty options",
        (Lang::En, W::DuplicateQuestion) => "Same question text as an earlier row",
        (Lang::En, W::ConflictingDuplicate) => "Same question and options as an earlier row, different answer",
        (Lang::En, W::EmptyQuestion) => "The question text is blank",
        (Lang::En, W::DuplicateOptions) => "Two options of one question have the same text",
        (Lang::En, W::OptionGap) => "An empty option comes before a non-empty one",
        (Lang::En, W::UnusualOptionCount) => "Neither 4 nor 5 options (the paper keeps only these)",
        (Lang::En, W::MissingSubspecialty) => "Medical Specialty is blank (the umbrella specialty is used)",
        (Lang::En, W::AnswerTextMismatch) => "The answer text differs from the option it names (MedArabiQ)",
        (Lang::Ar, W::GroupMismatch) => "عمود Group لا يطابق الخيارات غير الفارغة",
        (Lang::Ar, W::DuplicateQuestion) => "نص السؤال مطابق لنص صف سابق",
        (Lang::Ar, W::ConflictingDuplicate) => "السؤال والخيارات مطابقة لصف سابق والإجابة مختلفة",
        (Lang::Ar, W::EmptyQuestion) => "نص السؤال فارغ",
        (Lang::Ar, W::DuplicateOptions) => "خياران في السؤال نفسه لهما النص ذاته",
        (Lang::Ar, W::OptionGap) => "خيار فارغ يسبق خيارًا غير فارغ",
        (Lang::Ar, W::UnusualOptionCount) => "عدد الخيارات ليس 4 ولا 5 (لم تُبقِ الورقة إلا على هذين)",
        (Lang::Ar, W::MissingSubspecialty) => "عمود Medical Specialty فارغ (يُستعمل التخصص العام بدلًا منه)",
        (Lang::Ar, W::AnswerTextMismatch) => "نص الإجابة يختلف عن نص الخيار الذي تشير إليه (MedArabiQ)",
    }
}

/// A dimension of the expert review (Table 2), as stored in English.
pub fn dimension_label(lang: Lang, subject: &str) -> String {
    let ar = match subject {
        "Medical accuracy" => "الدقة الطبية",
        "Clinical relevance" => "الأهمية السريرية",
        "Question difficulty" => "صعوبة السؤال",
        "Question quality" => "جودة صياغة السؤال",
        other => other,
    };
    match lang {
        Lang::En => subject.to_owned(),
        Lang::Ar => ar.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_and_categories_are_translated() {
        assert_eq!(source_label(Lang::Ar, "Table 5"), "الجدول 5");
        assert_eq!(source_label(Lang::En, "Table 5"), "Table 5");
        assert_eq!(category_label(Lang::En, "proprietary", "general"), "proprietary, general");
        assert_eq!(category_label(Lang::Ar, "open", "medical"), "مفتوح المصدر، طبي");
    }

    #[test]
    fn every_specialty_of_the_paper_has_an_arabic_name() {
        for name in crate::dataset::SPECIALTIES {
            assert!(specialty_ar(name).is_some(), "{name}");
        }
    }
}
