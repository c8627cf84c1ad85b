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
    for s in ["The answer is A or B", "Answer: C/D", "الإجابة ب أو ج", "**A** is wrong, **C** is right"] {
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

/// Asserts each response gives its letter by its rule.
fn assert_found(cases: &[(&str, Letter, Rule)]) {
    for (s, l, r) in cases {
        assert_eq!(extract(s), Extraction::Found(*l, *r), "{s:?}");
    }
}

/// Asserts each response is unparsed.
fn assert_unparsed(cases: &[&str]) {
    for s in cases {
        assert_eq!(extract_letter(s), None, "{s:?}: {:?}", extract(s));
    }
}

const GPT4O_COT: &str = "To determine the most likely diagnosis, let's analyze the findings:\n\n\
1. **Crushing chest pain radiating to the left arm** suggests cardiac ischemia.\n\
2. **ST elevation in leads II, III and aVF** indicates an inferior wall infarction.\n\n\
Option A (pulmonary embolism) would present with tachycardia and hypoxia.\n\
Option B (aortic dissection) typically causes tearing pain radiating to the back.\n\
Option D (pericarditis) gives diffuse ST elevation with PR depression.\n\n\
Therefore, the correct answer is **C) Myocardial infarction**.";

const CLAUDE_COT: &str = "Looking at this question, the patient presents with fatigue, pallor and a \
low MCV.\n\nLet me consider each option:\n\n- A) Vitamin B12 deficiency: gives a high MCV, so unlikely.\n\
- B) Iron deficiency anemia: fits the microcytosis and low ferritin.\n\
- C) Anemia of chronic disease: ferritin would be normal or high.\n\
- D) Thalassemia trait: the RDW would be normal.\n\nThe answer is B.";

const R1_COT: &str = "<think>\nOkay, let's see. The patient is a 60-year-old man with chest pain. \
The answer might be A, pulmonary embolism? But there's no hypoxia. Wait, so the answer is B? \
No, the pain is not tearing. Type A personality, smoker... ST elevation in II, III, aVF. \
So the answer is C.\n</think>\n\nThe most likely diagnosis is **C) Myocardial infarction**, \
given the inferior ST elevation.";

const R1_NO_OPENING_TAG: &str = "Okay, so the answer is A? Hmm, E. coli is the commonest cause \
of UTIs, but this is about the kidney... Final answer: A? No.\n</think>\n\n**Final Answer:** D";

const QWEN_ARABIC: &str = "<think>\n\n</think>\n\nالإجابة الصحيحة هي: ب) مضادات بيتا\n\nالتفسير: \
تقلل حاصرات بيتا من الوفيات بعد احتشاء عضلة القلب.";

const QWEN_BOXED: &str = "Let's analyze each option. Option A is incorrect because ... Option B is \
also incorrect. The final answer is $\\boxed{C}$.";

const JAIS: &str = "الإجابة الصحيحة هي: ج - احتشاء عضلة القلب\n\nالتفسير: ارتفاع مقطع ST في \
الاتجاهات السفلية يشير إلى احتشاء الجدار السفلي.";

const ALLAM: &str = "بناءً على الأعراض المذكورة، فإن التشخيص الأكثر احتمالاً هو (ب) الذبحة الصدرية \
غير المستقرة، لأن الألم يحدث أثناء الراحة.";

const ARABIC_COT: &str = "لننظر في الخيارات واحدًا تلو الآخر:\n\
الخيار أ غير صحيح لأن المريض لا يعاني من الحمى.\n\
الخيار ب محتمل لكنه لا يفسر فقر الدم.\n\
الخيار د مستبعد.\n\
إذن الإجابة هي ج.";

#[test]
fn final_answers_after_reasoning() {
    assert_found(&[
        ("Final answer: b", Letter::B, Rule::FinalAnswer),
        ("Answer: A. Final answer: B", Letter::B, Rule::FinalAnswer),
        (GPT4O_COT, Letter::C, Rule::AnswerPhrase),
        (CLAUDE_COT, Letter::B, Rule::AnswerPhrase),
        (QWEN_BOXED, Letter::C, Rule::FinalAnswer),
        (ARABIC_COT, Letter::C, Rule::AnswerPhrase),
        ("Initially I thought the answer is A, but on reflection the final answer is C.", Letter::C, Rule::FinalAnswer),
        ("Answer B seems plausible at first. So the answer is **C**", Letter::C, Rule::AnswerPhrase),
        ("Thus, the most likely answer is (D).", Letter::D, Rule::AnswerPhrase),
        ("**Final Answer: E**", Letter::E, Rule::FinalAnswer),
        ("My final answer is C, and the answer is C because of the ECG.", Letter::C, Rule::FinalAnswer),
        ("الإجابة قد تكون أ، لكن بعد المراجعة:\nالإجابة النهائية: ب", Letter::B, Rule::FinalAnswer),
        ("الجواب النهائي هو د", Letter::D, Rule::FinalAnswer),
        ("وبالتالي فالإجابة هي هـ", Letter::E, Rule::AnswerPhrase),
        ("The answer is A or B? Neither fits. Final answer: D", Letter::D, Rule::FinalAnswer),
        ("The answer is C, not A.", Letter::C, Rule::AnswerPhrase),
        ("The answer is C (A and B are distractors).", Letter::C, Rule::AnswerPhrase),
        ("The answer is $\\boxed{\\text{B}}$", Letter::B, Rule::FinalAnswer),
    ]);
}

#[test]
fn reasoning_blocks_are_set_aside() {
    assert_found(&[
        (R1_COT, Letter::C, Rule::Bold),
        (R1_NO_OPENING_TAG, Letter::D, Rule::FinalAnswer),
        (QWEN_ARABIC, Letter::B, Rule::AnswerPhrase),
        ("<think>The answer is A.</think>C", Letter::C, Rule::LoneLetter),
        ("<THINK>\nA or B?\n</THINK>\n\nAnswer: B", Letter::B, Rule::AnswerPhrase),
        ("<thinking>**A** is wrong</thinking>\nThe answer is D.", Letter::D, Rule::AnswerPhrase),
        ("<think>a</think><think>b</think>\nالإجابة: و", Letter::F, Rule::AnswerPhrase),
    ]);
    assert_unparsed(&[
        "<think>The answer is C.</think>",
        "<think>\nLet me reason. The answer is C because",
        "<think>Final answer: C</think>\n\n",
    ]);
    assert_eq!(extract("Answer: C<think>still thinking"), Extraction::Found(Letter::C, Rule::AnswerPhrase));
}

#[test]
fn json_answers() {
    assert_found(&[
        (r#"{"answer": "C"}"#, Letter::C, Rule::AnswerField),
        (r#"{"answer": "ب"}"#, Letter::B, Rule::AnswerField),
        ("```json\n{\"answer\":\"C\"}\n```", Letter::C, Rule::AnswerField),
        (
            "```json\n{\n  \"final_answer\": \"D\",\n  \"explanation\": \"Option A is wrong.\"\n}\n```",
            Letter::D,
            Rule::AnswerField,
        ),
        (r#"{"choice": "b"}"#, Letter::B, Rule::AnswerField),
        (r#"{"option": "E", "confidence": 0.8}"#, Letter::E, Rule::AnswerField),
        (r#"{"الإجابة": "ج"}"#, Letter::C, Rule::AnswerField),
        ("{'answer': 'A'}", Letter::A, Rule::AnswerField),
        (r#"{"answer": "C) Myocardial infarction"}"#, Letter::C, Rule::AnswerField),
        (r#"{"answer": "Option F"}"#, Letter::F, Rule::AnswerField),
        (
            r#"{"reasoning": "The answer is not A, and the answer B is a distractor.", "answer": "D"}"#,
            Letter::D,
            Rule::AnswerField,
        ),
        ("<answer>C</answer>", Letter::C, Rule::AnswerField),
        ("<answer>\nC) Myocardial infarction\n</answer>", Letter::C, Rule::AnswerField),
        ("Reasoning: ...\n<answer>(ب) القلب</answer>", Letter::B, Rule::AnswerField),
    ]);
    assert_unparsed(&[
        r#"{"answer": ["A", "C"]}"#,
        r#"{"answer": "A"} Final answer: C"#,
        r#"{"answer": "C", "explanation": "the answer is A"}"#,
        r#"{"answer": "E. coli"}"#,
        r#"{"answer": "unknown"}"#,
    ]);
}

#[test]
fn markdown_answers() {
    assert_found(&[
        ("## Answer\nC", Letter::C, Rule::AnswerPhrase),
        ("## Answer\n\n**B) Beta blockers**\n\n## Explanation\nOption A is wrong.", Letter::B, Rule::AnswerPhrase),
        ("### Final Answer\n\n```\nD\n```", Letter::D, Rule::FinalAnswer),
        ("- **Answer:** C\n- **Reason:** inferior ST elevation", Letter::C, Rule::AnswerPhrase),
        ("Answer: `A`", Letter::A, Rule::AnswerPhrase),
        ("**الإجابة:** **د**", Letter::D, Rule::AnswerPhrase),
        ("- C) Myocardial infarction", Letter::C, Rule::LeadingLabel),
        ("## C. Myocardial infarction\n\nThis is supported by the ECG.", Letter::C, Rule::LeadingLabel),
    ]);
    assert_unparsed(&["## Answer\nA patient with these findings should receive aspirin.", "## Answer\n\nSee below."]);
}

#[test]
fn labels_with_option_text() {
    assert_found(&[
        ("The most likely diagnosis is (C) myocardial infarction.", Letter::C, Rule::BracketLabel),
        (ALLAM, Letter::B, Rule::BracketLabel),
        ("I think [D] Ceftriaxone is best here.", Letter::D, Rule::BracketLabel),
        ("ب - القلب", Letter::B, Rule::LeadingLabel),
        ("ج – احتشاء عضلة القلب", Letter::C, Rule::LeadingLabel),
        ("C - Aspirin", Letter::C, Rule::LeadingLabel),
        ("الإجابة: ب - القلب", Letter::B, Rule::AnswerPhrase),
        (JAIS, Letter::C, Rule::AnswerPhrase),
        ("The correct answer is (B) Beta blockers.\n\nExplanation: ...", Letter::B, Rule::AnswerPhrase),
    ]);
    assert_eq!(extract("(A) MI, (B) PE or (C) dissection"), Extraction::Ambiguous(Rule::LeadingLabel));
    assert_eq!(extract("It is one of (A) MI, (B) PE or (C) dissection"), Extraction::Ambiguous(Rule::BracketLabel));
    assert_unparsed(&[
        "A) Pulmonary embolism\nB) Aortic dissection\nC) Myocardial infarction",
        "The options are:\n(a) first (c) third",
        "Copyright (c) 2024 the authors",
        "Hepatitis (B)",
    ]);
}

#[test]
fn hedges_and_two_answers_are_unparsed() {
    for s in [
        "The answer is either A or C.",
        "Final answer: A or C",
        "Final answer: A\n\nWait, let me reconsider.\n\nFinal answer: C",
        "Final answer: C\n\nActually, the answer is A.",
        "It's either B or D; both fit the picture.",
        "الإجابة إما أ أو ج",
        "Answer: A\n\nQuestion 2: Which drug is first line?\nAnswer: C",
        "The answer is A, or possibly C.",
        "The answer is B (or D).",
        "So the answer is A. So the answer is C.",
        "I would choose option A or option C.",
    ] {
        assert!(matches!(extract(s), Extraction::Ambiguous(_)), "{s:?}: {:?}", extract(s));
    }
}

#[test]
fn refusals_and_free_text_are_unparsed() {
    assert_unparsed(&[
        "I cannot answer this question without more information. Option A and option B both seem plausible.",
        "I'm unable to provide medical advice, but **A** is often considered.",
        "As an AI, I can't determine this.\n\nC",
        "لا أستطيع الإجابة على هذا السؤال. الخيار أ يبدو معقولاً.",
        "Vitamin B12 deficiency causes megaloblastic anemia.",
        "E. coli is the most common cause of urinary tract infections.",
        "Type A personality is associated with coronary artery disease.",
        "This patient most likely has hepatitis B.",
        "Option A is incorrect because the pain is pleuritic.\n\nC",
        "I pick **B**. Option A is a distractor.",
        "القلب يضخ الدم إلى باقي الجسم عبر الشريان الأبهر",
        "The answer could be A.",
        "The answer is E. Coli infection.",
        "C. Difficile colitis is the most likely diagnosis.",
        "Both A and C are correct.",
    ]);
}

#[test]
fn answer_statements_without_a_letter() {
    assert_found(&[
        ("Answer: C\n\nExplanation: the answer is myocardial infarction because ...", Letter::C, Rule::AnswerPhrase),
        ("الإجابة: التشخيص هو (ب) احتشاء عضلة القلب", Letter::B, Rule::BracketLabel),
        ("Option A is tempting. The answer is not A.\n\nC", Letter::C, Rule::LetterLine),
        ("To answer this question, look at the ECG.\n\n**C**", Letter::C, Rule::Bold),
    ]);
    assert_unparsed(&[
        "Option A (pulmonary embolism) is less likely. The answer is myocardial infarction.",
        "Is the answer A? Let me check the ECG. Final answer: myocardial infarction.",
        "**B** fits the history.\n\n## Answer\nMyocardial infarction",
    ]);
    assert_eq!(extract("Final answer: a or b"), Extraction::Ambiguous(Rule::FinalAnswer));
}
