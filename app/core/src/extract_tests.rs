//! Unit tests of the extraction protocol, one group per rule.

use super::*;

fn found(s: &str) -> Option<(Letter, Rule)> {
    match extract(s) {
        Extraction::Found(l, r) => Some((l, r)),
        _ => None,
    }
}

#[test]
fn lone_letters() {
    for (s, l) in [("C", Letter::C), (" (c) ", Letter::C), ("**C**", Letter::C), ("ب.", Letter::B), ("هـ", Letter::E)]
    {
        assert_eq!(found(s), Some((l, Rule::LoneLetter)), "{s:?}");
    }
}

#[test]
fn english_answer_phrases() {
    for (s, l) in [
        ("The answer is C", Letter::C),
        ("Answer: (c)", Letter::C),
        ("The correct option is C.", Letter::C),
        ("After reasoning, the correct answer is **D) Aspirin**", Letter::D),
        ("Final answer: b", Letter::B),
        ("The answer to this question is E because ...", Letter::E),
        ("so the answer is a.", Letter::A),
        ("ANSWER = [F]", Letter::F),
    ] {
        assert_eq!(found(s), Some((l, Rule::AnswerPhrase)), "{s:?}");
    }
}

#[test]
fn arabic_answer_phrases() {
    for (s, l) in [
        ("الإجابة الصحيحة هي ب", Letter::B),
        ("الجواب: ج", Letter::C),
        ("الاجابة (د)", Letter::D),
        ("بعد التفكير، الإجابة هي الخيار هـ لأن ...", Letter::E),
        ("الإجابة الصحيحه: أ", Letter::A),
        ("الإجابة: C", Letter::C),
    ] {
        assert_eq!(found(s), Some((l, Rule::AnswerPhrase)), "{s:?}");
    }
}

#[test]
fn other_rules() {
    assert_eq!(found("C) Aspirin is the drug of choice"), Some((Letter::C, Rule::LeadingLabel)));
    assert_eq!(found("(ب) الشريان"), Some((Letter::B, Rule::LeadingLabel)));
    assert_eq!(found("I pick **B** here."), Some((Letter::B, Rule::Bold)));
    assert_eq!(found("I would go with Option C, since"), Some((Letter::C, Rule::OptionMention)));
    assert_eq!(found("أختار الخيار ج"), Some((Letter::C, Rule::OptionMention)));
    assert_eq!(found("Let me think.\n\nD\n"), Some((Letter::D, Rule::LetterLine)));
}

#[test]
fn ambiguous_outputs_are_unparsed() {
    for s in [
        "The answer is A or B",
        "Answer: C/D",
        "الإجابة ب أو ج",
        "**A** is wrong, **C** is right",
        "Answer: A. Final answer: B",
    ] {
        assert_eq!(extract(s), Extraction::Ambiguous(extract_rule(s)), "{s:?}");
        assert_eq!(extract_letter(s), None);
    }
}

fn extract_rule(s: &str) -> Rule {
    match extract(s) {
        Extraction::Ambiguous(r) => r,
        other => panic!("{s:?}: {other:?}"),
    }
}

#[test]
fn letters_inside_words_and_articles_are_not_taken() {
    for s in [
        "a patient with chest pain should receive aspirin",
        "The answer is a beta blocker",
        "باب البيت مفتوح والجو جميل",
        "E. coli is the commonest cause",
        "Vitamin B12 deficiency",
        "I cannot answer this question.",
        "الإجابة غير واضحة",
        "",
    ] {
        assert_eq!(extract(s), Extraction::NotFound, "{s:?}");
    }
}
