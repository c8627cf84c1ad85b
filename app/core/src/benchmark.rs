//! The benchmarks the leaderboard scores, by name. The name picks the key
//! file format and labels every key, submission and score.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which benchmark (and so which key file format) a key belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Benchmark {
    /// The official MedAraBench test-split CSV (`Question Number, ...,
    /// umbrella_specialty`).
    #[default]
    MedAraBench,
    /// The MedArabiQ multiple-choice CSV (`Question, Answer, Category`).
    MedArabiQ,
}

impl Benchmark {
    /// The name used on the command line, in the API and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::MedAraBench => "medarabench",
            Self::MedArabiQ => "medarabiq",
        }
    }
}

/// A benchmark name that is neither `medarabench` nor `medarabiq`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown benchmark {0:?} (expected medarabench or medarabiq)")]
pub struct UnknownBenchmark(pub String);

impl crate::message::Coded for UnknownBenchmark {
    fn message(&self) -> crate::message::Message {
        crate::message::Message::new("api-unknown-benchmark").arg("value", &self.0)
    }
}

impl FromStr for Benchmark {
    type Err = UnknownBenchmark;

    /// Case-insensitive, surrounding whitespace allowed.
    fn from_str(s: &str) -> Result<Self, UnknownBenchmark> {
        match s.trim().to_ascii_lowercase().as_str() {
            "medarabench" => Ok(Self::MedAraBench),
            "medarabiq" => Ok(Self::MedArabiQ),
            _ => Err(UnknownBenchmark(s.to_owned())),
        }
    }
}

impl fmt::Display for Benchmark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn benchmark_names() {
        assert_eq!("medarabench".parse::<Benchmark>(), Ok(Benchmark::MedAraBench));
        assert_eq!(" MedArabiQ ".parse::<Benchmark>(), Ok(Benchmark::MedArabiQ));
        assert!("mmlu".parse::<Benchmark>().is_err());
        assert_eq!(serde_json::to_string(&Benchmark::MedArabiQ).unwrap(), "\"medarabiq\"");
    }
}
