//! The message tests: both locales parse, hold the same messages, and
//! format every message with sample arguments without an error; every
//! message the code declares exists with the arguments the code passes;
//! Arabic plurals take the CLDR form of each number.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use fluent_syntax::parser::parse;

use super::bundle::{self, Arg};
use super::*;

/// The variables one message (with its attributes) refers to.
type Variables = BTreeSet<String>;

/// Every message and attribute of `lang` (`id` and `id.attr`), with the
/// variables each refers to.
fn messages_of(lang: Lang) -> BTreeMap<String, Variables> {
    let mut all = BTreeMap::new();
    for (file, text) in bundle::sources(lang) {
        let resource = parse(*text).unwrap_or_else(|(_, e)| panic!("{}/{file}: {e:?}", lang.code()));
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let id = message.id.name.to_owned();
                if let Some(value) = &message.value {
                    let mut vars = Variables::new();
                    pattern_variables(value, &mut vars);
                    assert!(all.insert(id.clone(), vars).is_none(), "{}: {id} twice", lang.code());
                }
                for attribute in &message.attributes {
                    let mut vars = Variables::new();
                    pattern_variables(&attribute.value, &mut vars);
                    all.insert(format!("{id}.{}", attribute.id.name), vars);
                }
            }
        }
    }
    all
}

fn pattern_variables(pattern: &ast::Pattern<&str>, vars: &mut Variables) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, vars);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, vars: &mut Variables) {
    match expression {
        ast::Expression::Inline(inline) => inline_variables(inline, vars),
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, vars);
            for variant in variants {
                pattern_variables(&variant.value, vars);
            }
        }
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, vars: &mut Variables) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, vars);
            }
        }
        _ => {}
    }
}

/// Every message the code declares with [`messages!`](crate::messages).
fn declared() -> Vec<(&'static str, &'static [&'static str])> {
    [
        adapting::AdaptingText::messages(),
        auth::AuthText::messages(),
        common::Common::messages(),
        compare::CompareText::messages(),
        dataset::DatasetText::messages(),
        key_report::KeyReportText::messages(),
        leaderboard::LeaderboardText::messages(),
        mail::MailText::messages(),
        medarabiq::MedarabiqText::messages(),
        operator::OperatorText::messages(),
        quality::QualityText::messages(),
        score::ScoreText::messages(),
        submission::SubmissionText::messages(),
        submit::SubmitText::messages(),
        team::TeamText::messages(),
        upload::UploadText::messages(),
    ]
    .concat()
}

/// Messages looked up by a name built at run time: the stored names of
/// specialties, levels, protocol values..., the form error codes, the
/// core's refusal and key rejection codes and the API's sentences for the
/// limits per client address (`services::clients`, looked up by id), and
/// the flags' sentences (`domain::forensics`, by code).
const DYNAMIC_PREFIXES: &[&str] = &[
    "common-source-",
    "common-access-",
    "common-focus-",
    "common-level-",
    "common-specialty-",
    "common-warning-",
    "common-dimension-",
    "submission-value-",
    "adapting-setting-",
    "form-error-",
    "input-",
    "prediction-",
    "key-reason-",
    "flag-",
    "dataset-column-",
    "error-",
    "field-",
    "api-",
    "registration-",
    "quota-",
];

const LANGS: [Lang; 2] = [Lang::En, Lang::Ar];

#[test]
fn both_locales_parse_into_bundles() {
    for lang in LANGS {
        bundle::build(lang).unwrap_or_else(|e| panic!("{}: {e}", lang.code()));
    }
}

#[test]
fn both_locales_have_the_same_messages() {
    let en: BTreeSet<String> = messages_of(Lang::En).into_keys().collect();
    let ar: BTreeSet<String> = messages_of(Lang::Ar).into_keys().collect();
    let only_en: Vec<_> = en.difference(&ar).collect();
    let only_ar: Vec<_> = ar.difference(&en).collect();
    assert!(only_en.is_empty() && only_ar.is_empty(), "only in en: {only_en:?}; only in ar: {only_ar:?}");
}

#[test]
fn every_message_formats_with_sample_arguments() {
    for lang in LANGS {
        for (id, vars) in messages_of(lang) {
            // A number fits every variable: it is text where text goes, and
            // plural variants select on it.
            let args: Vec<(&str, Arg)> = vars.iter().map(|v| (v.as_str(), Arg::from(7usize))).collect();
            let (text, errors) = bundle::format_checked(lang, &id, &args).expect("listed message");
            assert!(errors.is_empty(), "{}: {id}: {errors:?}", lang.code());
            assert!(!text.trim().is_empty() || id == "key-report-reasons-in-english", "{}: {id} is empty", lang.code());
        }
    }
}

#[test]
fn every_declared_message_exists_with_the_arguments_the_code_passes() {
    for lang in LANGS {
        let messages = messages_of(lang);
        for (id, args) in declared() {
            let vars = messages.get(id).unwrap_or_else(|| panic!("{}: no message {id}", lang.code()));
            let passed: Variables = args.iter().map(|a| (*a).to_owned()).collect();
            let missing: Vec<_> = vars.difference(&passed).collect();
            assert!(missing.is_empty(), "{}: {id} uses {missing:?}, which the code does not pass", lang.code());
            let sample: Vec<(&str, Arg)> = args.iter().map(|a| (*a, Arg::from(7usize))).collect();
            let (_, errors) = bundle::format_checked(lang, id, &sample).expect("declared message");
            assert!(errors.is_empty(), "{}: {id}: {errors:?}", lang.code());
        }
    }
}

#[test]
fn every_message_in_the_locales_is_used() {
    let declared: BTreeSet<&str> = declared().into_iter().map(|(id, _)| id).collect();
    let unused: Vec<String> = messages_of(Lang::En)
        .into_keys()
        .filter(|id| !declared.contains(id.as_str()))
        .filter(|id| !DYNAMIC_PREFIXES.iter().any(|p| id.starts_with(p)))
        .filter(|id| id != "common-category" && id != "common-level")
        .collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

#[test]
fn english_text_has_no_isolation_marks_and_arabic_names_and_ids_are_isolated() {
    let en = leaderboard::text(Lang::En).chart_limited(10usize, 24usize);
    assert_eq!(en, "The chart shows the best 10 of 24 models; the table lists all.");
    let ar = compare::text(Lang::Ar).not_found("x7Kp2");
    assert!(ar.contains("\u{2068}x7Kp2\u{2069}"), "{ar:?}");
    // Numbers are not wrapped: the views isolate figures in their elements.
    let ar = leaderboard::text(Lang::Ar).chart_limited(10usize, 24usize);
    assert!(ar.contains("أفضل 10 من 24 نموذجًا") && !ar.contains('\u{2068}'), "{ar:?}");
    assert_eq!(
        submission::text(Lang::Ar).title("Sidr-1B", "فريق"),
        "\u{2068}Sidr-1B\u{2069} من فريق \u{2068}فريق\u{2069}"
    );
}

#[test]
fn counts_get_thousands_separators_and_plain_numbers_do_not() {
    let t = leaderboard::text(Lang::En);
    assert!(t.caption(Arg::count(1234u64), Arg::count(24_883u64)).starts_with("1,234 of 24,883 models"));
    assert_eq!(
        t.chart_limited(4928usize, 5000usize),
        "The chart shows the best 4928 of 5000 models; the table lists all."
    );
}

/// The Arabic form of a counted noun for `n`, isolation marks removed.
fn arabic(text: String) -> String {
    text.replace(['\u{2068}', '\u{2069}'], "")
}

#[test]
fn arabic_plurals_follow_the_cldr_categories() {
    // zero, one, two, few (n % 100 in 3..=10), many (11..=99), other.
    let cases: [(usize, &str); 12] = [
        (0, "لـ 0 صف،"),
        (1, "لصف واحد،"),
        (2, "لصفَّين،"),
        (3, "لـ 3 صفوف،"),
        (10, "لـ 10 صفوف،"),
        (11, "لـ 11 صفًّا،"),
        (99, "لـ 99 صفًّا،"),
        (100, "لـ 100 صف،"),
        (101, "لـ 101 صف،"),
        (102, "لـ 102 صف،"),
        (103, "لـ 103 صفوف،"),
        (111, "لـ 111 صفًّا،"),
    ];
    for (n, expected) in cases {
        let text = arabic(leaderboard::text(Lang::Ar).chart_desc(n));
        assert!(text.contains(expected), "{n}: {text}");
    }
    let models = |n: u64| arabic(leaderboard::text(Lang::Ar).chart_limited(1usize, n as usize));
    assert!(models(1).contains("من نموذج واحد؛"), "{}", models(1));
    assert!(models(2).contains("من نموذجين؛"));
    assert!(models(5).contains("من 5 نماذج؛"));
    assert!(models(24).contains("من 24 نموذجًا؛"));
    assert!(models(200).contains("من 200 نموذج؛"));
    let questions = |n: usize| arabic(score::text(Lang::Ar).small_note(n));
    assert!(questions(2).contains("أقل من سؤالين:"));
    assert!(questions(3).contains("أقل من 3 أسئلة:"));
    assert!(questions(30).contains("أقل من 30 سؤالًا:"));
    assert!(questions(100).contains("أقل من 100 سؤال:"));
    // A count with thousands separators selects as its number.
    let discordant = |a: u64| arabic(compare::text(Lang::Ar).discordant(Arg::count(a), Arg::count(606u64)));
    assert!(discordant(1207).contains("في 1,207 أسئلة؛"), "{}", discordant(1207));
    assert!(discordant(1250).contains("في 1,250 سؤالًا؛"), "{}", discordant(1250));
    assert!(discordant(2).contains("في سؤالين؛"), "{}", discordant(2));
    // English: one and other.
    assert_eq!(
        score::text(Lang::En).small_note(30usize),
        "* fewer than 30 questions: the interval is wide; read with care."
    );
}

#[test]
fn core_refusals_have_a_message_in_both_languages() {
    use crate::domain::{Coded, InputError, PredictionError, QuestionId};
    let id = QuestionId::new(17).expect("id");
    let errors = [
        PredictionError::Input(InputError::TooLarge { size: 30, limit: 20 }),
        PredictionError::Input(InputError::Empty),
        PredictionError::Input(InputError::NulByte { line: 2 }),
        PredictionError::Input(InputError::NotText),
        PredictionError::Input(InputError::InvalidUtf8 { line: 2 }),
        PredictionError::Input(InputError::LineTooLong { line: 2, limit: 9 }),
        PredictionError::BadHeader { found: "id,x".into() },
        PredictionError::DuplicateColumn("answer".into()),
        PredictionError::NoRows,
        PredictionError::ResultsNotJson { message: "eof".into() },
        PredictionError::NotLmEvalResults,
        PredictionError::SamplesNotResults,
        PredictionError::ResultsTasksDiffer { tasks: "a, b".into() },
        PredictionError::MalformedCsv { line: 3, message: "quote".into() },
        PredictionError::MalformedJson { line: 3, message: "eof".into() },
        PredictionError::MissingField { line: 3, field: "question_id" },
        PredictionError::BadQuestionId { line: 3, value: "x".into() },
        PredictionError::DuplicateQuestionId { line: 4, id, first_line: 2 },
        PredictionError::NotALetter { line: 3, value: "maybe".into() },
        PredictionError::BadConfidence { line: 3, column: "prob_B".into(), value: "1.5".into() },
        PredictionError::NotPermuted { line: 3 },
        PredictionError::PermutedAsMain { line: 1 },
        PredictionError::UnknownQuestionId { line: 3, id },
    ];
    for error in errors {
        let message = error.message();
        for lang in LANGS {
            let args: Vec<(&str, Arg)> = message.args.iter().map(|(n, v)| (n.as_str(), v.as_str().into())).collect();
            let (text, problems) = bundle::format_checked(lang, &message.code, &args)
                .unwrap_or_else(|| panic!("{}: no message {}", lang.code(), message.code));
            assert!(problems.is_empty(), "{}: {}: {problems:?}", lang.code(), message.code);
            if lang == Lang::En {
                // The English sentence is the error's own Display.
                assert_eq!(text, error.to_string(), "{}", message.code);
            }
        }
        let flash = form_errors::refusal_to_flash(std::slice::from_ref(&message));
        let ar = form_errors::refusal_from_flash(Lang::Ar, &flash).expect("coded").concat();
        // A results file's refusal names that file, any other the predictions.
        let file = if message.code.starts_with("prediction-results-") {
            "رُفض ملف نتائج"
        } else {
            "رُفض ملف التنبؤات"
        };
        assert!(ar.starts_with(file), "{ar}");
    }
    assert_eq!(form_errors::refusal_from_flash(Lang::Ar, "line 3: plain text"), None);
}

/// Every field problem: its message exists in both locales with the
/// arguments its code passes, and the English one is its `Display`.
#[test]
fn every_field_problem_has_its_message() {
    use crate::domain::Coded;
    use crate::domain::submission::{FieldError, FieldProblem};
    let problems = [
        FieldProblem::Required,
        FieldProblem::TooLong { max: 120 },
        FieldProblem::Length { min: 2, max: 60 },
        FieldProblem::ControlCharacters,
        FieldProblem::BidiControl,
        FieldProblem::OneOf { allowed: vec!["public".into(), "private".into()] },
        FieldProblem::Number { min: "0".into(), max: "100".into() },
        FieldProblem::NotWebAddress,
        FieldProblem::NotEmail,
        FieldProblem::PasswordTooShort { min: 10 },
        FieldProblem::PasswordTooLong { max: 256 },
    ];
    for problem in problems {
        let message = problem.message();
        for lang in LANGS {
            let text = form_errors::say(lang, &message);
            assert_ne!(text, message.code, "{}: no message {}", lang.code(), message.code);
            if lang == Lang::En {
                assert_eq!(text, problem.to_string(), "{}", message.code);
            }
        }
        let error = FieldError::new("name", problem);
        assert_eq!(form_errors::sentence(Lang::En, &error.message()), error.to_string());
        assert!(form_errors::sentence(Lang::Ar, &error.message()).contains("name"));
    }
}

/// Every service error says something in both languages, from the locales.
#[cfg(feature = "ssr")]
#[test]
fn every_service_error_has_its_message() {
    use crate::domain::submission::{FieldError, FieldProblem};
    use crate::domain::{Message, PredictionError};
    use crate::error::ServiceErrorText;
    use crate::services::{AuthProblem, ServiceError};
    let auth = [
        AuthProblem::MissingBearer,
        AuthProblem::MalformedBearer,
        AuthProblem::UnknownToken,
        AuthProblem::SignedOut,
        AuthProblem::SessionEnded,
        AuthProblem::WrongCredentials,
    ];
    let mut errors: Vec<ServiceError> = auth.into_iter().map(ServiceError::Unauthorized).collect();
    errors.extend([
        ServiceError::NotFound,
        ServiceError::InvalidFields(vec![
            FieldError::new("name", FieldProblem::Length { min: 2, max: 60 }),
            FieldError::new("email", FieldProblem::NotEmail),
        ]),
        ServiceError::BadRequest { code: "missing_file", message: Message::new("api-missing-file") },
        ServiceError::InvalidFile(PredictionError::NoRows),
        ServiceError::InvalidPermutedFile(PredictionError::NoRows),
        ServiceError::BadRequest {
            code: "permuted_not_offered",
            message: Message::new("api-permuted-not-offered").arg("benchmark", "MedArabiQ"),
        },
        ServiceError::QuotaExceeded { message: Message::new("api-daily-quota").arg("limit", 5), retry_after: None },
        ServiceError::QuotaExceeded { message: Message::new("api-total-quota").arg("limit", 100), retry_after: None },
        ServiceError::SigninThrottled { retry_after: 600 },
        ServiceError::IdempotencyKeyReused { first: "s_abc".into() },
        ServiceError::Conflict { field: "name" },
        ServiceError::Conflict { field: "email" },
        ServiceError::NoKey(crate::domain::Benchmark::MedArabiQ),
        ServiceError::Internal("hidden".into()),
        ServiceError::ClientLimit(crate::services::clients::ClientLimitReached::registrations(3)),
        ServiceError::ClientLimit(crate::services::clients::ClientLimitReached::uploads(10)),
        ServiceError::Forbidden { code: "team_not_admitted", message: Message::new("api-awaiting-email") },
        ServiceError::Forbidden { code: "team_not_admitted", message: Message::new("api-awaiting-approval") },
        ServiceError::Unavailable { code: "mail_unavailable", message: Message::new("api-mail-unavailable") },
        ServiceError::StateConflict { code: "address_taken", message: Message::new("api-address-taken") },
        ServiceError::StateConflict {
            code: "too_many_final",
            message: Message::new("api-too-many-final").arg("max", 2),
        },
        ServiceError::StateConflict {
            code: "final_key_public",
            message: Message::new("api-final-key-public").arg("id", "s_abc"),
        },
        ServiceError::BadRequest { code: "invalid_final", message: Message::new("api-invalid-final") },
        ServiceError::Unavailable { code: "read_only", message: Message::new("api-read-only") },
        crate::services::accounts::banned("spam"),
        ServiceError::Forbidden { code: "team_banned", message: Message::new("api-address-banned") },
        ServiceError::QuotaExceeded {
            message: Message::new("api-invitation-limit").arg("limit", 10),
            retry_after: None,
        },
        ServiceError::InvalidFields(vec![FieldError::new("until", FieldProblem::InThePast)]),
    ]);
    for error in &errors {
        for message in error.messages() {
            for lang in LANGS {
                let args: Vec<(&str, Arg)> =
                    message.args.iter().map(|(n, v)| (n.as_str(), v.as_str().into())).collect();
                let (_, problems) = bundle::format_checked(lang, &message.code, &args)
                    .unwrap_or_else(|| panic!("{}: no message {}", lang.code(), message.code));
                assert!(problems.is_empty(), "{}: {}: {problems:?}", lang.code(), message.code);
            }
        }
        let (en, ar) = (error.text(Lang::En), error.text(Lang::Ar));
        assert_eq!(en, error.to_string());
        assert_ne!(en, ar, "{en}");
        assert!(!en.contains("hidden"), "an internal cause is never said: {en}");
    }
    assert_eq!(
        errors[7].text(Lang::En),
        "name: must have 2 to 60 characters; email: is not an email address",
        "fields are listed in one line"
    );
    assert_eq!(ServiceError::SigninThrottled { retry_after: 61 }.text(Lang::Ar).matches("دقيقتين").count(), 1);
}

#[test]
fn key_rejection_reasons_have_a_message_in_both_languages() {
    use crate::domain::{Coded, RejectReason};
    let examples = RejectReason::examples();
    for reason in &examples {
        let message = reason.message();
        for lang in LANGS {
            let args: Vec<(&str, Arg)> = message.args.iter().map(|(n, v)| (n.as_str(), v.as_str().into())).collect();
            let (_, problems) = bundle::format_checked(lang, &message.code, &args)
                .unwrap_or_else(|| panic!("{}: no message {}", lang.code(), message.code));
            assert!(problems.is_empty(), "{}: {}: {problems:?}", lang.code(), message.code);
        }
        // The English sentence is the one `keys check` prints.
        assert_eq!(form_errors::say(Lang::En, &message), reason.to_string(), "{}", message.code);
        let ar = form_errors::say(Lang::Ar, &message);
        assert_ne!(ar, reason.to_string(), "{}", message.code);
        // Values that can be of either direction are isolated.
        if message.get("value").is_some() || message.get("id").is_some() {
            assert!(ar.contains('\u{2068}') && ar.contains('\u{2069}'), "{}: {ar:?}", message.code);
        }
    }
    // Every key-reason message is some reason's.
    let codes: BTreeSet<&str> = examples.iter().map(RejectReason::code).collect();
    let unknown: Vec<String> = messages_of(Lang::En)
        .into_keys()
        .filter(|id| id.starts_with("key-reason-") && !codes.contains(id.as_str()))
        .collect();
    assert!(unknown.is_empty(), "messages of no reason: {unknown:?}");
}

#[test]
fn key_rejection_reasons_select_on_their_counts() {
    use crate::domain::{Coded, QuestionId, RejectReason, Rejection};
    let id = QuestionId::new(9).expect("id");
    let say = |lang: Lang, reason: &RejectReason| form_errors::say(lang, &reason.message());
    let duplicate = |lines: Vec<usize>, more: usize| RejectReason::DuplicateId { id, lines, more };
    assert_eq!(say(Lang::En, &duplicate(vec![2], 0)), "duplicate question id 9 (also on line 2)");
    let ar = arabic(say(Lang::Ar, &duplicate(vec![2], 0)));
    assert_eq!(ar.replace(['\u{2066}'], ""), "رقم السؤال 9 مكرَّر (ورد أيضًا في السطر 2)");
    let more = |n: usize| arabic(say(Lang::Ar, &duplicate(vec![2, 3, 4, 5, 6], n)));
    assert!(more(1).ends_with(" وفي سطر آخر)"), "{}", more(1));
    assert!(more(2).ends_with(" وفي سطرين آخرين)"), "{}", more(2));
    assert!(more(3).ends_with(" وفي 3 أسطر أخرى)"), "{}", more(3));
    assert!(more(12).ends_with(" وفي 12 سطرًا آخر)"), "{}", more(12));
    assert!(more(100).ends_with(" وفي 100 سطر آخر)"), "{}", more(100));
    // A row's reasons are joined in the page's language.
    let row = Rejection::new(Some(id), 4, vec![duplicate(vec![2], 0), RejectReason::AnswerBlank]);
    assert_eq!(key_report::reasons(Lang::En, &row).as_deref(), Some(row.reason.as_str()));
    assert!(key_report::reasons(Lang::Ar, &row).unwrap().ends_with("؛ الإجابة فارغة"));
    // A row stored before reasons had codes has no sentence of its own.
    let stored = Rejection { reasons: Vec::new(), ..row };
    assert_eq!(key_report::reasons(Lang::Ar, &stored), None);
    // A value that looks like a number with a leading zero stays as written.
    let level = RejectReason::BadLevel { value: "007".into() };
    assert_eq!(say(Lang::En, &level), "level \"007\" is not one of Y1-Y5");
}
