//! lm-evaluation-harness's results file (`results_<date>.json`, written
//! next to the `--log_samples` file): not predictions, but how the run was
//! made. [`read_run_card`] reads its protocol facts (few-shot examples,
//! temperature, generation settings, model arguments) so the upload can
//! fill the protocol card from the file instead of the team's memory.
//!
//! - The task: the tasks of `configs` (of `n-shot` when `configs` has
//!   none); those named `medarabench…` when there are any. Several tasks
//!   run the same way (shots, output type, generation settings) are read
//!   as one; tasks run differently are refused, as the card would be a
//!   guess.
//! - The generation settings are the task's `generation_kwargs` with the
//!   CLI's `config.gen_kwargs` over them, as lm-eval applies them.
//! - Objects (`model_args`, `generation_kwargs`) are read in the file's
//!   order without serde_json's `preserve_order` feature, which the core
//!   does not enable: [`Obj`] keeps a JSON object's entries as they come.

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

use super::{MAX_PREDICTION_BYTES, PredictionError};
use crate::input;
use crate::submission::is_bidi_control;

/// The most characters of [`RunCard::generation`] and
/// [`RunCard::model_args`] (the metadata fields' limit).
const MAX_TEXT: usize = 500;

/// What an lm-evaluation-harness results file says about how the run was made.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunCard {
    /// Few-shot examples: `n-shot[task]`, else `configs[task].num_fewshot`.
    pub shots: Option<i64>,
    /// Sampling temperature: `generation_kwargs.temperature` (task config, or the CLI's `config.gen_kwargs`); 0 when `do_sample` is false and no temperature is given; None for multiple_choice (log-likelihood) tasks or when unknown.
    pub temperature: Option<f64>,
    /// One line, at most 500 characters: harness and version, task, output type and the generation settings, e.g.
    /// `lm-eval 0.4.13; task medarabench_gen (generate_until); until ["\n\n"]; max_gen_toks 256; do_sample false; temperature 0`
    /// or for multiple choice `lm-eval 0.4.13; task medarabench (multiple_choice: log-likelihood of each option)`.
    /// Settings are in the file's order, values as JSON (a whole number without `.0`).
    pub generation: String,
    /// One line, at most 500 characters: the model type and its arguments as lm-eval recorded them, e.g. `hf: pretrained=Qwen/Qwen2.5-7B-Instruct,dtype=bfloat16`; plus `; chat template` when `chat_template` is non-null, `; system instruction` when `system_instruction` is non-null, and `; fewshot as multiturn` when true. Empty model_args -> just the model type (e.g. `dummy`).
    /// An object `model_args` (lm-eval 0.4.13) is written `k=v` joined by `,` in the file's order; a cut keeps the
    /// flags and shortens the arguments.
    pub model_args: String,
}

/// Reads a results file, plain or gzip-compressed (at most
/// [`MAX_PREDICTION_BYTES`] once inflated, as a prediction file). Refuses,
/// saying what was expected: a file that is not JSON, JSON that is not a
/// results file, a samples file given by mistake, and tasks run with
/// different settings.
pub fn read_run_card(bytes: &[u8]) -> Result<RunCard, PredictionError> {
    let inflated = input::gunzip(bytes, MAX_PREDICTION_BYTES)?;
    let text = input::decode(inflated.as_deref().unwrap_or(bytes), MAX_PREDICTION_BYTES)?;
    if is_samples(text) {
        return Err(PredictionError::SamplesNotResults);
    }
    let doc = match serde_json::from_str::<Obj>(text) {
        Ok(doc) => doc,
        // Valid JSON of another shape (an array, a string...).
        Err(e) if e.is_data() => return Err(PredictionError::NotLmEvalResults),
        Err(e) => return Err(PredictionError::ResultsNotJson { message: e.to_string() }),
    };
    let configs = doc.obj("configs");
    if configs.is_none() && doc.raw("n-shot").is_none() && doc.raw("config").is_none() {
        return Err(PredictionError::NotLmEvalResults);
    }
    let configs = configs.unwrap_or_default();
    let n_shot = doc.obj("n-shot").unwrap_or_default();
    let config = doc.obj("config").unwrap_or_default();
    let cli_kwargs = gen_kwargs(&config);

    let tasks = task_names(&configs, &n_shot);
    let runs: Vec<Run> = tasks.iter().map(|name| Run::of(name, &configs, &n_shot, &cli_kwargs)).collect();
    if runs.windows(2).any(|w| !w[0].same_as(&w[1])) {
        return Err(PredictionError::ResultsTasksDiffer { tasks: tasks.join(", ") });
    }
    // No task at all (a results file of an interrupted run, say): only
    // the CLI's settings are known.
    let run = runs.into_iter().next().unwrap_or(Run { shots: None, output_type: None, kwargs: cli_kwargs });

    Ok(RunCard {
        shots: run.shots,
        temperature: run.temperature(),
        generation: generation(&doc, &tasks, &run),
        model_args: model_args(&doc, &config),
    })
}

/// True when the first line is a samples line (`doc_id`): the
/// `--log_samples` file given in place of the results file.
fn is_samples(text: &str) -> bool {
    let first = text.trim_start().split('\n').next().unwrap_or_default().trim();
    serde_json::from_str::<serde_json::Map<String, Value>>(first).is_ok_and(|line| line.contains_key("doc_id"))
}

/// The tasks the card is about, in name order (see the module docs).
fn task_names(configs: &Obj, n_shot: &Obj) -> Vec<String> {
    let listed = if configs.0.is_empty() { n_shot } else { configs };
    let mut names: Vec<String> = listed.0.iter().map(|(name, _)| name.clone()).collect();
    names.sort();
    names.dedup();
    if names.iter().any(|n| n.starts_with("medarabench")) {
        names.retain(|n| n.starts_with("medarabench"));
    }
    names
}

/// How one task was run.
struct Run {
    shots: Option<i64>,
    output_type: Option<String>,
    /// The generation settings in effect, in the file's order; none for
    /// log-likelihood tasks.
    kwargs: Vec<(String, Value)>,
}

impl Run {
    fn of(name: &str, configs: &Obj, n_shot: &Obj, cli_kwargs: &[(String, Value)]) -> Self {
        let task = configs.obj(name).unwrap_or_default();
        let shots = whole(&n_shot.value(name)).or_else(|| whole(&task.value("num_fewshot")));
        let output_type = task.value("output_type").as_str().map(str::to_owned);
        let mut kwargs = Vec::new();
        if !is_loglikelihood(output_type.as_deref()) {
            kwargs = task.obj("generation_kwargs").map(|o| o.values()).unwrap_or_default();
            for (key, value) in cli_kwargs {
                match kwargs.iter_mut().find(|(k, _)| k == key) {
                    Some(slot) => slot.1 = value.clone(),
                    None => kwargs.push((key.clone(), value.clone())),
                }
            }
        }
        Self { shots, output_type, kwargs }
    }

    /// Same shots, output type and generation settings (in any order).
    fn same_as(&self, other: &Self) -> bool {
        self.shots == other.shots && self.output_type == other.output_type && self.settings() == other.settings()
    }

    /// The generation settings by name, for comparing.
    fn settings(&self) -> std::collections::BTreeMap<&str, &Value> {
        self.kwargs.iter().map(|(k, v)| (k.as_str(), v)).collect()
    }

    /// The generation setting `key`, if given.
    fn setting(&self, key: &str) -> Option<&Value> {
        self.kwargs.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// See [`RunCard::temperature`].
    fn temperature(&self) -> Option<f64> {
        if is_loglikelihood(self.output_type.as_deref()) {
            return None;
        }
        if let Some(t) = self.setting("temperature") {
            return number(t);
        }
        match self.setting("do_sample") {
            Some(Value::Bool(false)) => Some(0.0),
            Some(Value::String(s)) if s.eq_ignore_ascii_case("false") => Some(0.0),
            _ => None,
        }
    }
}

/// Output types scored by log-likelihood, without generation.
fn is_loglikelihood(output_type: Option<&str>) -> bool {
    matches!(output_type, Some("multiple_choice" | "loglikelihood" | "loglikelihood_rolling"))
}

/// The CLI's `--gen_kwargs`: an object, or the `k=v,k=v` string older
/// versions recorded (values read as lm-eval does: numbers, `True`/`False`).
fn gen_kwargs(config: &Obj) -> Vec<(String, Value)> {
    if let Some(kwargs) = config.obj("gen_kwargs") {
        return kwargs.values();
    }
    let Value::String(text) = config.value("gen_kwargs") else { return Vec::new() };
    text.split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| {
            let (k, v) = (k.trim(), v.trim());
            let value = match v {
                "True" | "true" => Value::Bool(true),
                "False" | "false" => Value::Bool(false),
                _ => v
                    .parse::<i64>()
                    .map(Value::from)
                    .or_else(|_| v.parse::<f64>().map(Value::from))
                    .unwrap_or_else(|_| Value::from(v)),
            };
            (k.to_owned(), value)
        })
        .collect()
}

/// See [`RunCard::generation`].
fn generation(doc: &Obj, tasks: &[String], run: &Run) -> String {
    let mut parts = vec![match doc.value("lm_eval_version").as_str() {
        Some(version) => format!("lm-eval {version}"),
        None => "lm-eval".to_owned(),
    }];
    if !tasks.is_empty() {
        let names = if tasks.len() == 1 { format!("task {}", tasks[0]) } else { format!("tasks {}", tasks.join(", ")) };
        parts.push(match run.output_type.as_deref() {
            Some("multiple_choice") => format!("{names} (multiple_choice: log-likelihood of each option)"),
            Some(output) => format!("{names} ({output})"),
            None => names,
        });
    }
    parts.extend(run.kwargs.iter().map(|(k, v)| format!("{k} {}", json(v))));
    shorten(&one_line(&parts.join("; ")), MAX_TEXT)
}

/// See [`RunCard::model_args`].
fn model_args(doc: &Obj, config: &Obj) -> String {
    let model = config.value("model").as_str().or(doc.value("model_source").as_str()).unwrap_or_default().to_owned();
    let args = match config.value("model_args") {
        Value::Null => String::new(),
        Value::String(s) => s,
        Value::Object(_) => {
            let args = config.obj("model_args").unwrap_or_default();
            let each: Vec<String> = args.values().iter().map(|(k, v)| format!("{k}={}", plain(v))).collect();
            each.join(",")
        }
        other => json(&other),
    };
    let head = match (model.is_empty(), args.is_empty()) {
        (_, true) => model,
        (true, false) => args,
        (false, false) => format!("{model}: {args}"),
    };
    let mut flags = Vec::new();
    if !doc.value("chat_template").is_null() {
        flags.push("chat template");
    }
    if !doc.value("system_instruction").is_null() {
        flags.push("system instruction");
    }
    if doc.value("fewshot_as_multiturn") == Value::Bool(true) {
        flags.push("fewshot as multiturn");
    }
    let head = one_line(&head);
    if flags.is_empty() {
        return shorten(&head, MAX_TEXT);
    }
    if head.is_empty() {
        return flags.join("; ");
    }
    // The flags are short and say the most: the arguments make room.
    let tail = format!("; {}", flags.join("; "));
    format!("{}{tail}", shorten(&head, MAX_TEXT - tail.chars().count()))
}

/// A value as JSON, a whole number without `.0` (`temperature 0`).
fn json(value: &Value) -> String {
    match value.as_f64() {
        Some(n) if value.is_f64() && n.fract() == 0.0 && n.abs() < 1e15 => format!("{n:.0}"),
        _ => value.to_string(),
    }
}

/// A `model_args` value as lm-eval's `k=v` string has it: text unquoted.
fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => json(other),
    }
}

/// A whole number, or one written in digits.
fn whole(value: &Value) -> Option<i64> {
    match value {
        Value::String(s) => s.trim().parse().ok(),
        v => v.as_i64().or_else(|| v.as_f64().filter(|n| n.fract() == 0.0 && n.abs() < 1e15).map(|n| n as i64)),
    }
}

/// A finite number, or one written in digits.
fn number(value: &Value) -> Option<f64> {
    let n = match value {
        Value::String(s) => s.trim().parse().ok(),
        v => v.as_f64(),
    };
    n.filter(|n: &f64| n.is_finite())
}

/// `text` on one line that passes the metadata fields' checks: line
/// breaks and tabs as JSON escapes them, other control characters and
/// bidirectional controls dropped.
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if c.is_control() || is_bidi_control(c) => {}
            c => out.push(c),
        }
    }
    out.trim().to_owned()
}

/// At most `max` characters, ending with `…` when cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A JSON object's entries in the file's order, each value still raw.
#[derive(Default)]
struct Obj(Vec<(String, Box<RawValue>)>);

impl Obj {
    /// The value of `key` as written (the last, if repeated, as serde_json
    /// reads it).
    fn raw(&self, key: &str) -> Option<&RawValue> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| &**v)
    }

    /// The value of `key` when it is an object.
    fn obj(&self, key: &str) -> Option<Obj> {
        self.raw(key).and_then(|raw| serde_json::from_str(raw.get()).ok())
    }

    /// The value of `key`; null when absent.
    fn value(&self, key: &str) -> Value {
        self.raw(key).and_then(|raw| serde_json::from_str(raw.get()).ok()).unwrap_or(Value::Null)
    }

    /// Every entry, values parsed; a repeated key once, with its last value.
    fn values(&self) -> Vec<(String, Value)> {
        let mut out: Vec<(String, Value)> = Vec::with_capacity(self.0.len());
        for (key, raw) in &self.0 {
            let value = serde_json::from_str(raw.get()).unwrap_or(Value::Null);
            match out.iter_mut().find(|(k, _)| k == key) {
                Some(slot) => slot.1 = value,
                None => out.push((key.clone(), value)),
            }
        }
        out
    }
}

impl<'de> Deserialize<'de> for Obj {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = Obj;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Obj, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, Box<RawValue>>()? {
                    entries.push(entry);
                }
                Ok(Obj(entries))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

#[cfg(test)]
mod tests {
    //! Over the results files lm-eval 0.4.13 wrote (see the fixtures'
    //! README) and hand-written minimal ones for the other shapes.

    use std::io::Write;

    use super::*;
    use crate::message::Coded;

    const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/formats/");

    fn fixture(name: &str) -> Vec<u8> {
        std::fs::read(format!("{DIR}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    }

    fn card(json: &str) -> RunCard {
        read_run_card(json.as_bytes()).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    #[test]
    fn multiple_choice_run() {
        let card = read_run_card(&fixture("lm-eval-mc.results.json")).unwrap();
        assert_eq!(
            card,
            RunCard {
                shots: Some(0),
                temperature: None,
                generation: "lm-eval 0.4.13; task medarabench (multiple_choice: log-likelihood of each option)".into(),
                model_args: "dummy".into(),
            }
        );
    }

    #[test]
    fn generative_run_with_the_cli_settings() {
        let card = read_run_card(&fixture("lm-eval-gen.results.json")).unwrap();
        // `--num_fewshot 3` was ignored: the task's YAML says 0, and so
        // does the file.
        assert_eq!(card.shots, Some(0));
        assert_eq!(card.temperature, Some(0.7));
        assert_eq!(
            card.generation,
            r#"lm-eval 0.4.13; task medarabench_gen (generate_until); until ["\n\n","Question:"]; max_gen_toks 64; do_sample true; temperature 0.7"#
        );
        assert_eq!(card.model_args, "dummy: foo=bar");
    }

    #[test]
    fn gzip_reads_the_same() {
        for name in ["lm-eval-mc.results.json", "lm-eval-gen.results.json"] {
            let plain = read_run_card(&fixture(name)).unwrap();
            assert_eq!(read_run_card(&gzip(&fixture(name))).unwrap(), plain, "{name}");
        }
    }

    #[test]
    fn model_args_as_a_string_or_an_object() {
        let old = card(
            r#"{"n-shot": {"medarabench": 5}, "config": {"model": "hf", "model_args": "pretrained=Qwen/Qwen2.5-7B-Instruct,dtype=bfloat16"}}"#,
        );
        assert_eq!(old.model_args, "hf: pretrained=Qwen/Qwen2.5-7B-Instruct,dtype=bfloat16");
        assert_eq!((old.shots, old.temperature), (Some(5), None));
        assert_eq!(old.generation, "lm-eval; task medarabench");
        // An object in the file's order, values as lm-eval's string has
        // them; the chat and few-shot flags after it.
        let new = card(
            r#"{"configs": {}, "config": {"model": "vllm", "model_args": {"pretrained": "x/y", "dtype": "bfloat16", "trust_remote_code": true, "max_model_len": 4096}},
                "chat_template": "{% for m in messages %}{{ m.content }}{% endfor %}", "system_instruction": "أجب بحرف واحد.", "fewshot_as_multiturn": true}"#,
        );
        assert_eq!(
            new.model_args,
            "vllm: pretrained=x/y,dtype=bfloat16,trust_remote_code=true,max_model_len=4096; chat template; system instruction; fewshot as multiturn"
        );
        // No arguments: the model type alone; no flags when they are null or false.
        let bare = card(
            r#"{"config": {"model": "dummy", "model_args": {}}, "chat_template": null, "system_instruction": null, "fewshot_as_multiturn": false}"#,
        );
        assert_eq!(bare.model_args, "dummy");
        let none = card(r#"{"config": {"model": "dummy", "model_args": ""}}"#);
        assert_eq!(none.model_args, "dummy");
    }

    #[test]
    fn the_medarabench_task_and_tasks_run_alike() {
        let task = |shots: u32, kwargs: &str| {
            format!(r#"{{"num_fewshot": {shots}, "output_type": "generate_until", "generation_kwargs": {kwargs}}}"#)
        };
        let greedy = r#"{"until": ["\n\n"], "do_sample": false}"#;
        // Other tasks of the run are left out when a medarabench one is there.
        let one = card(&format!(
            r#"{{"configs": {{"mmlu": {}, "medarabench_gen": {}}}, "n-shot": {{"mmlu": 5, "medarabench_gen": 0}}}}"#,
            task(5, r#"{"temperature": 1.0}"#),
            task(0, greedy)
        ));
        assert_eq!(one.shots, Some(0));
        assert_eq!(one.temperature, Some(0.0), "greedy: do_sample false and no temperature");
        assert_eq!(
            one.generation,
            r#"lm-eval; task medarabench_gen (generate_until); until ["\n\n"]; do_sample false"#
        );
        // Two run alike (settings in another order): the first, both named.
        let alike = card(&format!(
            r#"{{"configs": {{"medarabench_v2": {}, "medarabench_gen": {}}}}}"#,
            task(0, r#"{"do_sample": false, "until": ["\n\n"]}"#),
            task(0, greedy)
        ));
        assert_eq!(
            alike.generation,
            r#"lm-eval; tasks medarabench_gen, medarabench_v2 (generate_until); until ["\n\n"]; do_sample false"#
        );
        // Two run differently: refused, naming both.
        let json = format!(
            r#"{{"configs": {{"medarabench_gen": {}, "medarabench": {}}}, "n-shot": {{"medarabench_gen": 0, "medarabench": 3}}}}"#,
            task(0, greedy),
            task(3, greedy)
        );
        let e = read_run_card(json.as_bytes()).unwrap_err();
        assert_eq!(e, PredictionError::ResultsTasksDiffer { tasks: "medarabench, medarabench_gen".into() });
        assert!(e.to_string().contains("(medarabench, medarabench_gen: few-shot examples"), "{e}");
        assert_eq!(e.message().get("tasks"), Some("medarabench, medarabench_gen"));
    }

    #[test]
    fn cli_settings_override_the_task_and_older_strings_are_read() {
        // `config.gen_kwargs` as the string older versions recorded, over
        // the task's settings: the temperature and do_sample are the CLI's.
        let c = card(
            r#"{"lm_eval_version": "0.4.2", "configs": {"medarabench_gen": {"output_type": "generate_until", "num_fewshot": 2,
                "generation_kwargs": {"until": ["\n\n", "Question:"], "max_gen_toks": 32, "do_sample": false, "temperature": 0.0}}},
                "config": {"model": "hf", "model_args": "pretrained=m", "gen_kwargs": "temperature=0.3,do_sample=True,top_p=0.9"}}"#,
        );
        assert_eq!((c.shots, c.temperature), (Some(2), Some(0.3)));
        assert_eq!(
            c.generation,
            r#"lm-eval 0.4.2; task medarabench_gen (generate_until); until ["\n\n","Question:"]; max_gen_toks 32; do_sample true; temperature 0.3; top_p 0.9"#
        );
        // A multiple-choice task has no temperature whatever the CLI said.
        let mc = card(
            r#"{"configs": {"medarabench": {"output_type": "multiple_choice", "num_fewshot": 0}}, "config": {"gen_kwargs": {"temperature": 0.7}}}"#,
        );
        assert_eq!(mc.temperature, None);
        assert_eq!(mc.generation, "lm-eval; task medarabench (multiple_choice: log-likelihood of each option)");
        // Unknown: generative, without temperature or do_sample.
        let unknown = card(r#"{"configs": {"medarabench_gen": {"output_type": "generate_until"}}}"#);
        assert_eq!((unknown.shots, unknown.temperature), (None, None));
    }

    #[test]
    fn card_text_is_one_clean_line() {
        // Newlines, tabs and other controls in values: escaped as JSON
        // shows them, or dropped (bidirectional controls too).
        let c = card(
            "{\"config\": {\"model\": \"hf\", \"model_args\": \"pretrained=a\\nb,\\u0007x=\\u202ey\\tz\"}, \"configs\": {\"medarabench_gen\": {\"output_type\": \"generate_until\", \"generation_kwargs\": {\"until\": [\"\\n\\u0000\"]}}}}",
        );
        assert_eq!(c.model_args, r"hf: pretrained=a\nb,x=y\tz");
        assert_eq!(c.generation, r#"lm-eval; task medarabench_gen (generate_until); until ["\n\u0000"]"#);
        for text in [&c.model_args, &c.generation] {
            assert!(!text.chars().any(|ch| ch.is_control() || is_bidi_control(ch)), "{text:?}");
        }
    }

    #[test]
    fn long_text_is_cut_at_500_characters() {
        let long = "ب".repeat(600);
        let c = card(&format!(r#"{{"config": {{"model": "hf", "model_args": "pretrained={long}"}}}}"#));
        assert_eq!(c.model_args.chars().count(), 500);
        assert!(c.model_args.starts_with("hf: pretrained=ببب") && c.model_args.ends_with("ب…"), "{}", c.model_args);
        // The flags stay; the arguments make room.
        let c = card(&format!(
            r#"{{"config": {{"model": "hf", "model_args": {{"pretrained": "{long}"}}}}, "chat_template": "x"}}"#
        ));
        assert_eq!(c.model_args.chars().count(), 500);
        assert!(c.model_args.ends_with("ب…; chat template"), "{}", c.model_args);
        // Generation settings too.
        let c = card(&format!(
            r#"{{"configs": {{"medarabench_gen": {{"output_type": "generate_until", "generation_kwargs": {{"until": ["{long}"]}}}}}}}}"#
        ));
        assert_eq!(c.generation.chars().count(), 500);
        assert!(c.generation.ends_with("ب…"), "{}", c.generation);
    }

    #[test]
    fn other_files_are_refused_with_what_to_give() {
        // The samples file, whole or one line.
        let samples = fixture("lm-eval-mc.samples.jsonl");
        let first = String::from_utf8(samples.clone()).unwrap().lines().next().unwrap().to_owned();
        for bytes in [samples, first.into_bytes(), gzip(&fixture("lm-eval-gen.samples.jsonl"))] {
            let e = read_run_card(&bytes).unwrap_err();
            assert_eq!(e, PredictionError::SamplesNotResults);
            assert!(e.to_string().contains("samples file: it goes in the predictions field"), "{e}");
            assert_eq!(e.message().code, "prediction-results-samples-file");
        }
        // Not JSON.
        let e = read_run_card(b"not json").unwrap_err();
        assert!(
            matches!(&e, PredictionError::ResultsNotJson { message } if message == "expected ident at line 1 column 2"),
            "{e:?}"
        );
        assert!(e.to_string().contains("expected lm-eval's results_<date>.json"), "{e}");
        assert_eq!(e.message().code, "prediction-results-not-json");
        // JSON, but not a results file.
        for json in ["[]", "{}", r#"{"results": {}}"#, r#""configs""#, r#"{"configs": []}"#] {
            let e = read_run_card(json.as_bytes()).unwrap_err();
            assert_eq!(e, PredictionError::NotLmEvalResults, "{json}");
            assert!(e.to_string().contains("written next to the samples file"), "{e}");
            assert_eq!(e.message().code, "prediction-results-not-lm-eval");
        }
        // A file that is not text at all.
        let e = read_run_card(b"").unwrap_err();
        assert_eq!(e, PredictionError::Input(input::InputError::Empty));
    }
}
