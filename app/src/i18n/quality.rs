//! Strings of the `/quality` page.

use super::Lang;

/// The texts of the page, in one language.
pub struct QualityText {
    pub title: &'static str,
    pub lede: &'static str,
    pub expert_heading: &'static str,
    pub expert_intro: &'static str,
    /// "Expert ratings of a sample of questions (n = {n})."
    pub expert_caption: fn(&str) -> String,
    pub col_dimension: &'static str,
    pub col_mean: &'static str,
    pub col_agreement: &'static str,
    pub col_kappa: &'static str,
    pub quality_note: &'static str,
    pub cochran_heading: &'static str,
    pub cochran_intro: &'static str,
    /// Names the inputs z, p and e.
    pub cochran_step1: fn(&str, &str, &str) -> String,
    /// "Correction for the finite population of N = {N} questions:"
    pub cochran_step2: fn(&str) -> String,
    pub cochran_rounding: &'static str,
    /// "The paper states {n0} and {n}: the computation reproduces both."
    pub cochran_match: fn(&str, &str) -> String,
    pub cochran_mismatch: fn(&str, &str) -> String,
    pub cochran_missing: &'static str,
    pub judge_heading: &'static str,
    /// Mentions the {n} expert-rated questions.
    pub judge_intro: fn(&str) -> String,
    pub judge_caption: &'static str,
    pub col_judge: &'static str,
    /// "{a} (expert 1), {b} (expert 2)"
    pub per_expert: fn(&str, &str) -> String,
    /// Footnote on the difficulty column, with the highest value.
    pub difficulty_note: fn(&str) -> String,
    pub best_note: &'static str,
    pub key_heading: &'static str,
}

pub const EN: QualityText = QualityText {
    title: "Data quality",
    lede: "How good are the questions? Two physicians reviewed a sample, language models were tried as \
           judges, and the answer key this site scores against is checked row by row.",
    expert_heading: "Expert review",
    expert_intro: "Two board-certified physicians (anaesthesiology and internal medicine, more than 20 years \
                   each, clinically fluent in Arabic) rated the same questions independently and blind to each \
                   other, high or low on each of four dimensions.",
    expert_caption: |n| format!("Expert ratings of a sample of questions (n = {n})."),
    col_dimension: "Dimension",
    col_mean: "Mean score",
    col_agreement: "Agreement",
    col_kappa: "Cohen's κ",
    quality_note: "Question quality covers clarity, homogeneous options, a single best answer and no cues to the answer.",
    cochran_heading: "Sample size: Cochran's formula",
    cochran_intro: "The size of the expert sample follows from Cochran's formula. The site recomputes it \
                    from the stored inputs:",
    cochran_step1: |z, p, e| {
        format!(
            "Sample size for a very large population, with z = {z} (95% confidence), p = {p} \
             (the most conservative proportion) and e = {e} (margin of error):"
        )
    },
    cochran_step2: |pop| format!("Correction for the finite population of N = {pop} questions in the dataset:"),
    cochran_rounding: "Each result is rounded to the nearest whole question, as in the paper.",
    cochran_match: |n0, n| format!("The paper states {n0} and {n}: the computation reproduces both."),
    cochran_mismatch: |n0, n| {
        format!("The paper states {n0} and {n}, but the computation gives other values: a stored input may be wrong.")
    },
    cochran_missing: "The inputs of the computation are not stored.",
    judge_heading: "Language models as judges",
    judge_intro: |n| {
        format!(
            "Language-model judges, among them gpt-o3, gemini-2.0-flash and claude-4-sonnet, scored the whole \
             test set 0 or 1 on the same four dimensions. The paper compares them with the experts by the \
             Pearson correlation on the {n} expert-rated questions, describes the correlations as weak to \
             moderate, and publishes only the values below; every other cell is not reported."
        )
    },
    judge_caption: "Pearson correlation between each judge and the experts.",
    col_judge: "Judge",
    per_expert: |a, b| format!("{a} (expert 1), {b} (expert 2)"),
    difficulty_note: |v| {
        format!(
            "Difficulty is nearly uncorrelated: the highest correlation of any judge is {v}; the value of each judge is not reported."
        )
    },
    best_note: "gpt-o3 correlates best with the experts.",
    key_heading: "The answer key this site scores against",
};

pub const AR: QualityText = QualityText {
    title: "جودة البيانات",
    lede: "ما مدى جودة الأسئلة؟ راجع طبيبان عيّنةً منها، وجُرِّبت النماذج اللغوية في دور المحكِّم، \
           ويُفحَص مفتاح الإجابات الذي يعتمد عليه هذا الموقع في التقييم صفًّا صفًّا.",
    expert_heading: "مراجعة الخبراء",
    expert_intro: "قيّم طبيبان حاصلان على البورد (في التخدير والطب الباطني، لكلٍّ منهما خبرة تزيد على 20 عامًا، \
                   ويتقنان العربية في الممارسة السريرية) الأسئلةَ نفسها، كلٌّ على حدة ودون اطلاع أيٍّ منهما على \
                   تقييم الآخر، بدرجة «مرتفع» أو «منخفض» في كل بُعد من أبعاد أربعة.",
    expert_caption: |n| format!("تقييمات الخبراء لعيّنة من الأسئلة (\u{2066}n = {n}\u{2069})."),
    col_dimension: "البُعد",
    col_mean: "متوسط الدرجة",
    col_agreement: "نسبة الاتفاق",
    col_kappa: "معامل كوهين كابا (κ)",
    quality_note: "تشمل جودة صياغة السؤال: الوضوح، وتجانس الخيارات، ووجود إجابة واحدة هي الأفضل، وخلوّ السؤال من أي تلميح إلى الإجابة.",
    cochran_heading: "حجم العيّنة: معادلة كوكران",
    cochran_intro: "يُستنتج حجم عيّنة الخبراء من معادلة كوكران، ويعيد الموقع حسابه من المدخلات المخزّنة:",
    cochran_step1: |z, p, e| {
        format!(
            "حجم العيّنة لمجتمع كبير جدًّا، مع \u{2066}z = {z}\u{2069} (مستوى ثقة 95%)، و\u{2066}p = {p}\u{2069} \
             (النسبة الأكثر تحفّظًا)، و\u{2066}e = {e}\u{2069} (هامش الخطأ):"
        )
    },
    cochran_step2: |pop| format!("تصحيح المجتمع المحدود، إذ يبلغ عدد أسئلة مجموعة البيانات \u{2066}N = {pop}\u{2069}:"),
    cochran_rounding: "يُقرَّب كل ناتج إلى أقرب عدد صحيح من الأسئلة، كما في الورقة.",
    cochran_match: |n0, n| format!("تذكر الورقة القيمتين {n0} و{n}، والحساب أعلاه يطابقهما."),
    cochran_mismatch: |n0, n| {
        format!("تذكر الورقة القيمتين {n0} و{n}، لكن الحساب أعلاه يعطي قيمًا مختلفة، فقد يكون أحد المدخلات المخزّنة خاطئًا.")
    },
    cochran_missing: "مدخلات الحساب غير مخزّنة.",
    judge_heading: "النماذج اللغوية في دور المحكِّم",
    judge_intro: |n| {
        format!(
            "قيّمت نماذج لغوية محكِّمة، منها gpt-o3 وgemini-2.0-flash وclaude-4-sonnet، مجموعة الاختبار كاملةً \
             بدرجة 0 أو 1 على الأبعاد الأربعة نفسها. وتقارن الورقة تقييماتها بتقييمات الخبراء بمعامل ارتباط \
             بيرسون على الأسئلة التي قيّمها الخبراء (وعددها {n})، وتصف الارتباطات بأنها ضعيفة إلى متوسطة، ولا \
             تنشر إلا القيم الواردة أدناه؛ أما بقية الخانات فغير منشورة."
        )
    },
    judge_caption: "معامل ارتباط بيرسون بين كل نموذج محكِّم وتقييمات الخبراء.",
    col_judge: "النموذج المحكِّم",
    per_expert: |a, b| format!("{a} (الخبير الأول)، {b} (الخبير الثاني)"),
    difficulty_note: |v| {
        format!(
            "صعوبة السؤال شبه منعدمة الارتباط: أعلى ارتباط لأي نموذج محكِّم هو {v}، أما قيمة كل نموذج على حدة فغير منشورة."
        )
    },
    best_note: "gpt-o3 هو الأعلى ارتباطًا بتقييمات الخبراء.",
    key_heading: "مفتاح الإجابات الذي يعتمد عليه الموقع في التقييم",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static QualityText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
