//! A team changing or withdrawing one of its submissions: the REST API
//! (`PATCH` / `DELETE /api/v1/submissions/{id}`) and the submission page's
//! form both call these.
//!
//! A change is validated exactly as an upload is: the stored metadata with
//! the changed fields put in is parsed again by `RawMeta::validate`. The
//! model name cannot change (attempts and the held-out Ladder are counted
//! per model name), nor can the file or its scores. A withdrawal keeps the
//! row (quotas and attempts still count it); the visibility policy then
//! shows it to its team only. Another team's id and an unknown id are
//! refused alike, as not found.

use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::db::sessions::Principal;
use crate::db::submissions::edits::{self, EditError};
use crate::db::submissions::{self, SubmissionMeta, SubmissionRecord};
use crate::domain::Message;
use crate::domain::submission::RawMeta;

/// The fields an owner may change, by their names as sent, in the order
/// the audit log and the messages list them.
pub const CHANGEABLE: &[&str] = &[
    "visibility",
    "model_url",
    "model_params",
    "model_category",
    "notes",
    "prompt_language",
    "shots",
    "temperature",
    "chain_of_thought",
    "extraction",
    "contamination",
    "model_args",
    "generation",
];

/// The one field that is never changed.
pub const MODEL_NAME: &str = "model_name";

/// The field that chooses a submission to count in its held-out key's
/// final standing (`true`) or not (`false`): not metadata, and changeable
/// only until the key is revealed.
pub const FINAL: &str = "final";

/// What an owner asks to change: each field by its name as sent, with its
/// new value as text, read as an upload reads it (an empty value is what
/// an upload without the field gets).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Changes {
    fields: Vec<(String, String)>,
}

impl Changes {
    /// Sets field `name` to `value` (a later value of a name wins).
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.fields.push((name.into(), value.into()));
    }

    /// Takes the [`FINAL`] field out of the changes: `Some(true)` for
    /// `true`, `yes` or `1`, `Some(false)` for `false`, `no` or `0`;
    /// anything else is refused, naming the field.
    fn take_final(&mut self) -> Result<Option<bool>> {
        let mut chosen = None;
        let mut bad = false;
        self.fields.retain(|(name, value)| {
            if name != FINAL {
                return true;
            }
            match value.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => chosen = Some(true),
                "false" | "no" | "0" => chosen = Some(false),
                _ => bad = true,
            }
            false
        });
        if bad {
            return Err(ServiceError::BadRequest { code: "invalid_final", message: Message::new("api-invalid-final") });
        }
        Ok(chosen)
    }

    /// Refuses the model name and any name that is not a changeable field,
    /// naming every unknown one.
    fn check_names(&self) -> Result<()> {
        if self.fields.iter().any(|(name, _)| name == MODEL_NAME) {
            return Err(ServiceError::BadRequest {
                code: "model_name_immutable",
                message: Message::new("api-model-name-immutable"),
            });
        }
        let mut unknown: Vec<&str> =
            self.fields.iter().map(|(n, _)| n.as_str()).filter(|n| !CHANGEABLE.contains(n)).collect();
        unknown.dedup();
        if unknown.is_empty() {
            return Ok(());
        }
        Err(ServiceError::BadRequest {
            code: "unknown_fields",
            message: Message::new("api-unknown-fields")
                .arg("fields", unknown.join(", "))
                .arg("allowed", CHANGEABLE.join(", ")),
        })
    }
}

/// The stored metadata as an upload would have sent it.
fn as_sent(meta: &SubmissionMeta) -> RawMeta {
    RawMeta {
        model_name: Some(meta.model_name.clone()),
        model_url: Some(meta.model_url.clone()),
        model_params: Some(meta.model_params.clone()),
        model_category: Some(meta.model_category.as_str().to_owned()),
        notes: Some(meta.notes.clone()),
        prompt_language: Some(meta.prompt_language.as_str().to_owned()),
        shots: meta.shots.map(|s| s.to_string()),
        temperature: meta.temperature.map(|t| t.to_string()),
        chain_of_thought: Some(meta.chain_of_thought.as_str().to_owned()),
        extraction: Some(meta.extraction.clone()),
        contamination: Some(meta.contamination.as_str().to_owned()),
        visibility: Some(meta.visibility.as_str().to_owned()),
        model_args: Some(meta.model_args.clone()),
        generation: Some(meta.generation.clone()),
    }
}

/// The names of the changeable fields whose values differ.
fn differing(old: &SubmissionMeta, new: &SubmissionMeta) -> Vec<&'static str> {
    let (a, b) = (as_sent(old), as_sent(new));
    let pairs = [
        ("visibility", a.visibility == b.visibility),
        ("model_url", a.model_url == b.model_url),
        ("model_params", a.model_params == b.model_params),
        ("model_category", a.model_category == b.model_category),
        ("notes", a.notes == b.notes),
        ("prompt_language", a.prompt_language == b.prompt_language),
        ("shots", a.shots == b.shots),
        ("temperature", a.temperature == b.temperature),
        ("chain_of_thought", a.chain_of_thought == b.chain_of_thought),
        ("extraction", a.extraction == b.extraction),
        ("contamination", a.contamination == b.contamination),
        ("model_args", a.model_args == b.model_args),
        ("generation", a.generation == b.generation),
    ];
    pairs.into_iter().filter(|(_, same)| !same).map(|(name, _)| name).collect()
}

/// `who`'s team's submission `id`, whatever its state; `NotFound` for an
/// unknown id and another team's alike.
async fn own(db: &Db, who: &Principal, id: &str) -> Result<SubmissionRecord> {
    match submissions::get(db, id).await? {
        Some(record) if record.team_id == who.team_id => Ok(record),
        _ => Err(ServiceError::NotFound),
    }
}

/// `Ok` when submission `id` is `who`'s team's, whatever its state;
/// `NotFound` otherwise.
pub async fn check_own(db: &Db, who: &Principal, id: &str) -> Result<()> {
    own(db, who, id).await.map(|_| ())
}

/// The refusal of a change to a withdrawn submission.
fn withdrawn(id: &str) -> ServiceError {
    ServiceError::StateConflict { code: "withdrawn", message: Message::new("api-withdrawn").arg("id", id) }
}

/// A refused write of submission `id` (withdrawn or gone between the
/// read and the write), as the services say it.
fn refused(id: &str, e: EditError) -> ServiceError {
    match e {
        EditError::NotFound => ServiceError::NotFound,
        EditError::Withdrawn => withdrawn(id),
        EditError::KeyPublic => ServiceError::StateConflict {
            code: "final_key_public",
            message: Message::new("api-final-key-public").arg("id", id),
        },
        EditError::TooManyFinal => ServiceError::StateConflict {
            code: "too_many_final",
            message: Message::new("api-too-many-final").arg("max", edits::MAX_FINAL),
        },
        EditError::Db(db) => ServiceError::Db(db),
    }
}

/// Changes `who`'s team's submission `id` and returns it as stored. Every
/// problem of the new values is reported at once and nothing is stored;
/// values equal to the stored ones change nothing (and record nothing).
///
/// `final` ([`FINAL`]) chooses it to count in its held-out key's final
/// standing, or not: at most [`edits::MAX_FINAL`] per model, until the key
/// is revealed. Its metadata changes are checked first: a change refused
/// for any reason changes nothing.
pub async fn change(db: &Db, who: &Principal, id: &str, mut changes: Changes) -> Result<SubmissionRecord> {
    let chosen = changes.take_final()?;
    changes.check_names()?;
    let record = own(db, who, id).await?;
    if record.withdrawn_at.is_some() {
        return Err(withdrawn(id));
    }
    let mut raw = as_sent(&record.meta);
    for (name, value) in changes.fields {
        raw.set(&name, value);
    }
    let meta = raw.validate().map_err(ServiceError::InvalidFields)?;
    let changed = differing(&record.meta, &meta);
    if let Some(chosen) = chosen {
        edits::set_final(db, id, who, chosen).await.map_err(|e| refused(id, e))?;
    }
    if !changed.is_empty() {
        edits::update_meta(db, id, who, &meta, &changed).await.map_err(|e| refused(id, e))?;
    }
    if chosen.is_none() && changed.is_empty() {
        return Ok(record);
    }
    own(db, who, id).await
}

/// Withdraws `who`'s team's submission `id` and returns it as stored.
/// Withdrawing it again answers the same, changing nothing.
pub async fn withdraw(db: &Db, who: &Principal, id: &str) -> Result<SubmissionRecord> {
    let record = own(db, who, id).await?;
    if record.withdrawn_at.is_some() {
        return Ok(record);
    }
    edits::withdraw(db, id, who).await.map_err(|e| refused(id, e))?;
    own(db, who, id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(fields: &[(&str, &str)]) -> Changes {
        let mut c = Changes::default();
        for (n, v) in fields {
            c.set(*n, *v);
        }
        c
    }

    #[test]
    fn names_are_checked_before_anything_is_read() {
        assert!(changes(&[("notes", "x"), ("visibility", "private")]).check_names().is_ok());
        let Err(ServiceError::BadRequest { code, .. }) = changes(&[("model_name", "New")]).check_names() else {
            panic!("the model name is refused")
        };
        assert_eq!(code, "model_name_immutable");
        let Err(ServiceError::BadRequest { code, message }) =
            changes(&[("colour", "red"), ("notes", "x"), ("size", "9")]).check_names()
        else {
            panic!("unknown names are refused")
        };
        assert_eq!(code, "unknown_fields");
        assert_eq!(message.get("fields"), Some("colour, size"), "every unknown name, and only those");
    }

    #[test]
    fn stored_metadata_reads_back_as_it_was_sent() {
        let raw = RawMeta {
            model_name: Some("M".into()),
            shots: Some("3".into()),
            temperature: Some("0.7".into()),
            visibility: Some("private".into()),
            contamination: Some("train_and_test".into()),
            ..Default::default()
        };
        let meta = raw.validate().unwrap();
        assert_eq!(as_sent(&meta).validate().unwrap(), meta);
        let mut changed = meta.clone();
        changed.notes = "n".into();
        changed.shots = None;
        assert_eq!(differing(&meta, &changed), ["notes", "shots"]);
        assert!(differing(&meta, &meta).is_empty());
    }
}
