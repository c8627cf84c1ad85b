//! Question texts as a key for matching: some tools keep no usable question
//! id (lighteval's `doc.id` is a row index; QIMMA splits the test set by
//! specialty), so their rows are matched to the answer key by the question
//! text. Two writings of one question match when they are equal after
//! [`normalize`]; a text that matches no question, or several, is refused
//! with its line (`predictions`).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::types::{QuestionId, TATWEEL};

/// The text as matching sees it:
/// - Arabic diacritics (harakat, shadda, sukun, superscript alef, Quranic
///   marks) and tatweel removed;
/// - alef forms (أ إ آ ٱ) read as ا, alef maqsura ى as ي, taa marbuta ة
///   as ه;
/// - zero-width and direction marks removed, Latin letters lower-cased;
/// - runs of whitespace made one space, and spaces and end punctuation
///   (`: . ؟ ? ، ؛ -`) trimmed at both ends.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        let c = match c {
            '\u{0623}' | '\u{0625}' | '\u{0622}' | '\u{0671}' => '\u{0627}',
            '\u{0649}' => '\u{064A}',
            '\u{0629}' => '\u{0647}',
            c if ignored(c) => continue,
            c => c,
        };
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.extend(c.to_lowercase());
    }
    let trimmed = out.trim_matches(|c: char| c == ' ' || END_MARKS.contains(&c));
    if trimmed.len() == out.len() { out } else { trimmed.to_owned() }
}

const END_MARKS: [char; 8] = [':', '.', '؟', '?', '،', '؛', '-', ','];

/// Marks that do not change which question a text is.
fn ignored(c: char) -> bool {
    c == TATWEEL
        || ('\u{0610}'..='\u{061A}').contains(&c)
        || ('\u{064B}'..='\u{065F}').contains(&c)
        || c == '\u{0670}'
        || ('\u{06D6}'..='\u{06ED}').contains(&c)
        || ('\u{200B}'..='\u{200F}').contains(&c)
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
        || c == '\u{FEFF}'
}

/// What a text matches in a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextMatch {
    /// No question of the key has this text.
    None,
    /// Exactly one question.
    One(QuestionId),
    /// Several questions share the text (in id order): which one is meant
    /// cannot be known.
    Several(Vec<QuestionId>),
}

/// Every question text of a key (scoreable and rejected rows with an id),
/// with the ids that have it. The texts are kept as read and normalised
/// only at the first look-up: most files name questions by id, and a key
/// read to score them then pays one copy of its texts, not a
/// normalisation of each.
#[derive(Debug, Clone, Default)]
pub struct QuestionTexts {
    /// The raw texts, one after the other.
    raw: String,
    /// Each text's question and its end in `raw` (it starts where the
    /// previous one ends).
    ends: Vec<(QuestionId, usize)>,
    /// Normalised text → ids, built at the first [`Self::find`].
    index: OnceLock<HashMap<String, Vec<QuestionId>>>,
}

impl PartialEq for QuestionTexts {
    /// The same texts for the same questions, looked up yet or not.
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw && self.ends == other.ends
    }
}

impl Eq for QuestionTexts {}

impl QuestionTexts {
    /// Adds question `id` with its raw `text` (blank texts are left out).
    pub(crate) fn add(&mut self, id: QuestionId, text: &str) {
        if !text.trim().is_empty() {
            self.raw.push_str(text);
            self.ends.push((id, self.raw.len()));
            self.index = OnceLock::new();
        }
    }

    /// The questions whose text is `text` after normalisation.
    pub fn find(&self, text: &str) -> TextMatch {
        match self.index().get(&normalize(text)).map(Vec::as_slice) {
            None | Some([]) => TextMatch::None,
            Some([one]) => TextMatch::One(*one),
            Some(several) => {
                let mut ids = several.to_vec();
                ids.sort_unstable();
                TextMatch::Several(ids)
            }
        }
    }

    /// True when the key kept no texts.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    fn index(&self) -> &HashMap<String, Vec<QuestionId>> {
        self.index.get_or_init(|| {
            let mut index: HashMap<String, Vec<QuestionId>> = HashMap::with_capacity(self.ends.len());
            let mut start = 0;
            for &(id, end) in &self.ends {
                let key = normalize(&self.raw[start..end]);
                start = end;
                if !key.is_empty() {
                    let ids = index.entry(key).or_default();
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
            }
            index
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u32) -> QuestionId {
        QuestionId::new(n).unwrap()
    }

    #[test]
    fn writings_of_one_question_match() {
        let plain = normalize("ما هي وظيفة الكبد");
        for variant in [
            "ما هي وظيفة الكبد",
            "  ما   هي\nوظيفة الكبد :",
            "مَا هِيَ وَظِيفَةُ الْكَبِدِ؟",
            "ما هى وظيفـــة الكبد",
            "ما هي وظيفة الكبد\u{200F}",
        ] {
            assert_eq!(normalize(variant), plain, "{variant:?}");
        }
        assert_eq!(normalize("إحدى الخلايا المبطنة"), normalize("احدي الخلايا المبطنه"));
        assert_eq!(normalize("آلية عمل الأسبرين"), normalize("الية عمل الاسبرين"));
        assert_eq!(normalize("Which of the following IS TRUE?"), "which of the following is true");
        assert_ne!(normalize("وظيفة الكبد"), normalize("وظيفة الكلية"));
    }

    #[test]
    fn finds_one_none_or_several() {
        let mut texts = QuestionTexts::default();
        texts.add(id(1), "عضلات الكم المدورة للكتف");
        texts.add(id(2), "عصب ينقل إحساس الذوق :");
        texts.add(id(7), "عصب ينقل احساس الذوق");
        texts.add(id(9), "   ");
        assert_eq!(texts.find("عضلات الكم المدوره للكتف"), TextMatch::One(id(1)));
        assert_eq!(texts.find("عصب ينقل إحساس الذوق"), TextMatch::Several(vec![id(2), id(7)]));
        assert_eq!(texts.find("سؤال آخر"), TextMatch::None);
        assert_eq!(texts.find(""), TextMatch::None);
    }
}
