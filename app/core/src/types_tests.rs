//! Unit tests of the vocabulary types: ids, letters (Latin and Arabic),
//! levels and specialty names.

use super::*;

#[test]
fn question_ids() {
    assert_eq!("12".parse::<QuestionId>().unwrap().get(), 12);
    assert_eq!(" 7 ".parse::<QuestionId>().unwrap().get(), 7);
    for bad in ["", "0", "-1", "+3", "1.0", "12a", "99999999999"] {
        assert!(bad.parse::<QuestionId>().is_err(), "{bad}");
    }
}

#[test]
fn answer_letters_latin_and_arabic() {
    let cases = [
        ("A", Letter::A),
        ("a", Letter::A),
        (" (c) ", Letter::C),
        ("**B**", Letter::B),
        ("f.", Letter::F),
        ("أ", Letter::A),
        ("ا", Letter::A),
        ("إ", Letter::A),
        ("آ", Letter::A),
        ("ب", Letter::B),
        ("جـ", Letter::C),
        ("د)", Letter::D),
        ("ه", Letter::E),
        ("هـ", Letter::E),
        ("و", Letter::F),
    ];
    for (s, l) in cases {
        assert_eq!(Letter::parse_answer(s), Ok(l), "{s:?}");
    }
    for bad in ["", "  ", "G", "AB", "1", "A B", "None", "ـ", "باب"] {
        assert!(Letter::parse_answer(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn levels_and_specialties() {
    assert_eq!("y3".parse::<Level>(), Ok(Level::Y3));
    assert!("Y6".parse::<Level>().is_err());
    assert_eq!(Level::label(None), "n/a");
    assert_eq!(" Anatomy ".parse::<Specialty>().unwrap().as_str(), "Anatomy");
    assert!("  ".parse::<Specialty>().is_err());
}

#[test]
fn each_letter_is_written_in_arabic_as_it_is_read() {
    for letter in Letter::ALL {
        assert_eq!(Letter::parse_answer(letter.arabic()), Ok(letter), "{}", letter.arabic());
    }
}

proptest::proptest! {
    /// The one-pass id parser agrees with the rule as written: trimmed,
    /// digits only, a `u32`, not 0.
    #[test]
    fn question_ids_follow_the_rule(s in "[ 0-9\t+a\u{a0}-]{0,12}|[0-9]{9,11}") {
        let t = s.trim();
        let rule = (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u32>().ok())
            .flatten()
            .filter(|&n| n != 0);
        proptest::prop_assert_eq!(s.parse::<QuestionId>().ok().map(QuestionId::get), rule);
    }
}
