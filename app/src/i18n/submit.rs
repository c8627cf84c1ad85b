//! Strings of the `/submit` page.

use super::Lang;

/// The texts of the page, in one language.
pub struct SubmitText {
    pub title: &'static str,
    pub lede: &'static str,
    pub steps_heading: &'static str,
    pub steps: [&'static str; 4],
    pub web_intro: &'static str,
    pub web_register: &'static str,
    pub web_upload: &'static str,
    pub formats_heading: &'static str,
    pub csv_intro: &'static str,
    pub jsonl_intro: &'static str,
    pub letters_caption: &'static str,
    pub col_letter: &'static str,
    pub col_arabic: &'static str,
    /// The last rule names the size limit.
    pub rules: fn(&str) -> [String; 5],
    pub extraction_heading: &'static str,
    pub extraction_intro: &'static str,
    /// (name, what it matches) for rules 1-6, in priority order.
    pub extraction_rules: [(&'static str, &'static str); 6],
    pub extraction_examples: &'static str,
    pub standalone: &'static str,
    pub full_protocol: &'static str,
    pub cli_heading: &'static str,
    pub cli_intro: &'static str,
    pub server_note: &'static str,
    pub api_heading: &'static str,
    pub api_intro: &'static str,
    pub api_fields: &'static str,
    pub quota_heading: &'static str,
    /// Daily and total quota of this server.
    pub quota: fn(&str, &str) -> String,
}

pub const EN: SubmitText = SubmitText {
    title: "How to submit",
    lede: "Score your model on the MedAraBench test split and put it on the leaderboard: create a team, predict \
           every test question, check the file offline, then upload it from the command line or over the API.",
    steps_heading: "Steps",
    steps: [
        "Create a team and get an API token. The token is shown once: keep it.",
        "Run your model on every question of the test split and write one prediction per question.",
        "Check the file offline with medarabench score against the public test CSV.",
        "Upload it with medarabench submit or over the API; the answer carries the scores.",
    ],
    web_intro: "In a browser instead:",
    web_register: "register a team",
    web_upload: "upload predictions",
    formats_heading: "File formats",
    csv_intro: "CSV with a header row containing question_id and answer:",
    jsonl_intro: "JSON Lines, one object a line, with question_id and either answer (a letter) or response (the \
                  model's raw output):",
    letters_caption: "Accepted answer letters.",
    col_letter: "Letter",
    col_arabic: "Arabic forms",
    rules: |size| {
        [
            "answer: one letter A-F in either case, or its Arabic letter (table); surrounding spaces and \
             punctuation are allowed."
                .into(),
            "response: the letter is read with the extraction protocol below; a row where no single letter can be \
             read counts as wrong and is reported as unparsed."
                .into(),
            format!("UTF-8 with or without BOM; LF or CRLF line ends; at most {size}."),
            "Questions missing from the file count as wrong (reported as missing). Questions the answer key itself \
             rejects are accepted and not scored (ignored)."
                .into(),
            "Unknown or duplicate question ids, a wrong header, an unreadable or oversized file: the whole file is \
             refused with a message naming the line, and nothing is stored."
                .into(),
        ]
    },
    extraction_heading: "Reading a letter from a response",
    extraction_intro: "The rules are fixed, public and deliberately conservative. The first rule that finds a \
                       letter decides; if it finds two different letters, the response is ambiguous (unparsed).",
    extraction_rules: [
        ("Lone letter", "the whole response is one letter, with optional brackets, punctuation or markdown"),
        ("Answer phrase", "“answer”, “correct option”, “الإجابة”, “الجواب”, “الخيار الصحيح”… then a letter"),
        ("Leading label", "the response starts with a letter followed by ), ], ., :, - or –"),
        ("Bold letter", "a letter in bold anywhere"),
        ("Option mention", "“option”, “choice”, “letter”, “الخيار”, “اختيار”, “الحرف”… then a letter"),
        ("Letter line", "a line that is nothing but one letter"),
    ],
    extraction_examples: "Examples",
    standalone: "A letter must stand alone: ب inside باب, د inside دواء and B in B12 are never letters. Nothing \
                 else is read: if your model's outputs are not covered, extract the letters yourself and submit an \
                 answer column.",
    full_protocol: "The full protocol, with every phrase and example:",
    cli_heading: "From the command line",
    cli_intro: "The medarabench binary scores a file offline against the public test CSV, then uploads it:",
    server_note: "SERVER is this site's address; TOKEN is your API token.",
    api_heading: "Over the API",
    api_intro: "Register once, get a token, then send each file as multipart form data:",
    api_fields: "Optional fields: model_url, notes, and benchmark (medarabench, the default, or medarabiq). A raw \
                 CSV or JSON Lines body with ?model_name= works too. Errors come back as JSON naming the problem.",
    quota_heading: "Quotas",
    quota: |daily, total| {
        format!(
            "Each team may submit {daily} files per UTC day and {total} in total on this server (the default is 5 \
             per UTC day). Over the quota the API answers 429 with a Retry-After header."
        )
    },
};

pub const AR: SubmitText = SubmitText {
    title: "طريقة المشاركة",
    lede: "قيِّم نموذجك على مجموعة اختبار MedAraBench وأضِفه إلى لوحة الصدارة: أنشئ فريقًا، واحصل على تنبؤات نموذجك \
           لكل أسئلة الاختبار، وافحص الملف محليًّا، ثم ارفعه من سطر الأوامر أو عبر الواجهة البرمجية (API).",
    steps_heading: "الخطوات",
    steps: [
        "أنشئ فريقًا واحصل على رمز وصول (token) للواجهة البرمجية. يظهر الرمز مرة واحدة فقط، فاحتفظ به.",
        "شغّل نموذجك على كل أسئلة مجموعة الاختبار، واكتب تنبؤًا واحدًا لكل سؤال.",
        "افحص الملف محليًّا بالأمر medarabench score مقارنةً بملف CSV المنشور لمجموعة الاختبار.",
        "ارفعه بالأمر medarabench submit أو عبر الواجهة البرمجية، وستجد النتائج في الرد.",
    ],
    web_intro: "أو من المتصفح:",
    web_register: "سجّل فريقًا",
    web_upload: "ارفع التنبؤات",
    formats_heading: "صيغ الملفات",
    csv_intro: "ملف CSV بصف عناوين يتضمن العمودين question_id وanswer:",
    jsonl_intro: "ملف JSON Lines، كائن واحد في كل سطر، فيه question_id ومعه إما answer (حرف) وإما response \
                  (مخرجات النموذج كما هي):",
    letters_caption: "حروف الإجابة المقبولة.",
    col_letter: "الحرف",
    col_arabic: "ما يقابله بالعربية",
    rules: |size| {
        [
            "answer: حرف واحد من A إلى F بأي حالة، أو ما يقابله من الحروف العربية (انظر الجدول)؛ ويُسمح بالمسافات \
             وعلامات الترقيم حوله."
                .into(),
            "response: يُستخرج الحرف وفق بروتوكول الاستخراج أدناه؛ والصف الذي لا يمكن استخراج حرف واحد منه يُعدّ \
             خاطئًا ويُذكر في التقرير ضمن unparsed."
                .into(),
            format!("ترميز UTF-8 مع علامة BOM أو دونها؛ ونهايات أسطر LF أو CRLF؛ وحجم أقصاه \u{2066}{size}\u{2069}."),
            "الأسئلة الغائبة عن الملف تُعدّ خاطئة (وتُذكر ضمن missing). والأسئلة التي يرفضها مفتاح الإجابات نفسه \
             تُقبل ولا تُحتسب (ignored)."
                .into(),
            "معرّف سؤال مجهول أو مكرّر، أو صف عناوين خاطئ، أو ملف غير مقروء أو يتجاوز الحجم المسموح: يُرفض الملف \
             كله برسالة تذكر رقم السطر، ولا يُخزَّن شيء."
                .into(),
        ]
    },
    extraction_heading: "استخراج الحرف من مخرجات النموذج",
    extraction_intro: "القواعد ثابتة ومعلنة ومتحفّظة عن قصد. أول قاعدة تعثر على حرف هي التي تحسم، وإن وجدت حرفين \
                       مختلفين عُدّت الإجابة ملتبسة (unparsed).",
    extraction_rules: [
        ("حرف منفرد", "الإجابة كلها حرف واحد، مع أقواس أو علامات ترقيم أو تنسيق markdown اختيارية"),
        ("عبارة الإجابة", "«answer» أو «correct option» أو «الإجابة» أو «الجواب» أو «الخيار الصحيح»… يليها حرف"),
        ("تسمية في البداية", "تبدأ الإجابة بحرف يليه أحد الرموز \u{2066}) ] . : - –\u{2069}"),
        ("حرف بخط عريض", "حرف مكتوب بخط عريض في أي موضع"),
        ("ذكر الخيار", "«option» أو «choice» أو «letter» أو «الخيار» أو «اختيار» أو «الحرف»… يليها حرف"),
        ("سطر الحرف", "سطر لا يحوي سوى حرف واحد"),
    ],
    extraction_examples: "أمثلة",
    standalone: "يجب أن يكون الحرف مستقلًّا: فالباء في «باب» والدال في «دواء» وB في B12 ليست حروف إجابة. ولا يُقرأ \
                 شيء غير ذلك: إن لم تغطِّ القواعدُ مخرجاتِ نموذجك فاستخرج الحروف بنفسك وأرسل عمود answer.",
    full_protocol: "البروتوكول الكامل بكل عباراته وأمثلته (بالإنجليزية):",
    cli_heading: "من سطر الأوامر",
    cli_intro: "يقيّم البرنامج medarabench الملف محليًّا مقارنةً بملف CSV المنشور لمجموعة الاختبار، ثم يرفعه:",
    server_note: "SERVER هو عنوان هذا الموقع، وTOKEN هو رمز الوصول الخاص بك.",
    api_heading: "عبر الواجهة البرمجية (API)",
    api_intro: "سجّل فريقك مرة واحدة، واحصل على رمز وصول، ثم أرسل كل ملف بصيغة multipart/form-data:",
    api_fields: "حقول اختيارية: model_url وnotes وbenchmark (القيمة الافتراضية medarabench، أو medarabiq). ويمكن \
                 أيضًا إرسال ملف CSV أو JSON Lines مباشرةً في متن الطلب مع ?model_name=. وتُعاد الأخطاء بصيغة JSON مع \
                 بيان المشكلة.",
    quota_heading: "الحصص",
    quota: |daily, total| {
        format!(
            "الحد الأقصى لكل فريق على هذا الخادم: {daily} في اليوم الواحد (بتوقيت UTC) و{total} إجمالًا (القيمة \
             الافتراضية 5 في اليوم). وعند تجاوز الحد تردّ الواجهة البرمجية بالرمز 429 مع الترويسة Retry-After."
        )
    },
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static SubmitText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
