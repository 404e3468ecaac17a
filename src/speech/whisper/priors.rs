//! The phrases' scores on silence, kept on disk.
//!
//! Scoring a position's phrases on silence is most of what hector does
//! between loading Whisper and listening (Greek's start position: about
//! 2.8 s). Those scores depend only on the model, the text before the
//! utterance (language, prompt), how they are normalised and the whole set
//! of phrases (the shortlist they are normalised over is the phrases'
//! tokens). A set scored from nothing is therefore kept on disk under a
//! hash of all of that and of the hector build that scored it, and the next start in the same position reads it
//! instead of scoring it again: the same numbers, so what is heard does not
//! depend on whether they were read or scored.
//!
//! Where: `~/.cache/hector/priors` (`$XDG_CACHE_HOME/hector/priors`), or
//! `$HECTOR_WHISPER_PRIORS` (`off`: nowhere). A file that cannot be read, is not valid JSON, was written for
//! another set or holds the wrong number of scores is ignored (and scored
//! again); a folder that cannot be written is left alone. At most [`KEEP`]
//! sets are kept, the oldest written going first; a file left half
//! written by a hector that stopped while writing it is cleared later.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// How many sets of scores are kept.
pub const KEEP: usize = 256;

/// A file being written that is older than this was left by a hector
/// that stopped while writing it.
const STALE: std::time::Duration = std::time::Duration::from_secs(600);

/// Changes whenever what is kept changes its form.
const FORMAT: u32 = 1;

/// One set of phrases' scores on silence, as a file.
#[derive(Serialize, Deserialize)]
struct File {
    key: String,
    /// Per phrase, its tokens' log-probabilities on silence (`null`: not
    /// scored).
    priors: Vec<Option<Vec<f32>>>,
}

/// Where one set's scores are kept.
pub struct Store {
    path: PathBuf,
    key: String,
}

/// The folder the scores are kept in, or `None` when
/// `HECTOR_WHISPER_PRIORS=off` or the user has no cache folder (neither
/// `XDG_CACHE_HOME` nor `HOME`: nothing is written where hector runs).
pub fn folder() -> Option<PathBuf> {
    match std::env::var_os("HECTOR_WHISPER_PRIORS") {
        Some(v) if v == "off" => None,
        Some(v) if !v.is_empty() => Some(PathBuf::from(v)),
        _ if std::env::var_os("XDG_CACHE_HOME").is_none() && std::env::var_os("HOME").is_none() => {
            None
        }
        _ => Some(super::cache_home().join("priors")),
    }
}

/// The running program, as its size and time: a hector built again may
/// score differently, and does not read what another build kept.
fn program() -> String {
    std::env::current_exe()
        .and_then(std::fs::metadata)
        .ok()
        .and_then(|m| {
            let t = m
                .modified()
                .ok()?
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?;
            Some(format!("{} {}", m.len(), t.as_nanos()))
        })
        .unwrap_or_default()
}

impl Store {
    /// The place of the scores of `seqs` (each phrase's tokens) after
    /// `prefix` with the model file `weights` scored as `how` says (the
    /// silence's length, the precision, the normaliser). `None` when the
    /// model file cannot be told apart from another (no size or time).
    pub fn new(
        folder: &Path,
        weights: &Path,
        how: &str,
        prefix: &[u32],
        seqs: &[Vec<u32>],
    ) -> Option<Store> {
        let meta = std::fs::metadata(weights).ok()?;
        let modified = meta
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_nanos();
        let mut h = Sha256::new();
        h.update(
            format!(
                "{FORMAT}\n{}\n{}\n{modified}\n{how}\n{}\n",
                weights.display(),
                meta.len(),
                program()
            )
            .as_bytes(),
        );
        let mut ids = |t: &[u32]| {
            h.update((t.len() as u32).to_le_bytes());
            for x in t {
                h.update(x.to_le_bytes());
            }
        };
        ids(prefix);
        for s in seqs {
            ids(s);
        }
        let key: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Some(Store {
            path: folder.join(format!("{key}.json")),
            key,
        })
    }

    /// The file the scores are kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The scores kept for these phrases, when a whole and fitting set is
    /// there: one per phrase, each as long as its tokens (`lens`), every
    /// score finite.
    pub fn load(&self, lens: &[usize]) -> Option<Vec<Option<Vec<f32>>>> {
        let bytes = std::fs::read(&self.path).ok()?;
        let file: File = serde_json::from_slice(&bytes).ok()?;
        let fits = file.key == self.key
            && file.priors.len() == lens.len()
            && file.priors.iter().zip(lens).all(|(p, n)| match p {
                Some(v) => v.len() == *n && v.iter().all(|x| x.is_finite()),
                None => true,
            });
        fits.then_some(file.priors)
    }

    /// Keeps `priors` (nothing when a score is not finite: JSON has no
    /// such numbers) and lets the oldest sets go beyond [`KEEP`]. Whatever
    /// fails is said in the error and leaves hector as it was.
    pub fn save(&self, priors: &[Option<Vec<f32>>]) -> std::io::Result<()> {
        if priors.iter().flatten().flatten().any(|x| !x.is_finite()) {
            return Ok(());
        }
        let Some(folder) = self.path.parent() else {
            return Ok(());
        };
        std::fs::create_dir_all(folder)?;
        let text = serde_json::to_vec(&File {
            key: self.key.clone(),
            priors: priors.to_vec(),
        })
        .map_err(std::io::Error::other)?;
        // Written whole, then named: a reader never sees half a file.
        let tmp = self
            .path
            .with_extension(format!("json.{}.part", std::process::id()));
        std::fs::write(&tmp, text)?;
        if let Err(e) = std::fs::rename(&tmp, &self.path) {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        let mut kept: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
        for e in std::fs::read_dir(folder)?.flatten() {
            let (path, Some(time)) = (e.path(), e.metadata().ok().and_then(|m| m.modified().ok()))
            else {
                continue;
            };
            match path.extension().and_then(|x| x.to_str()) {
                Some("json") if path != self.path => kept.push((time, path)),
                // Left half written by a hector that stopped meanwhile.
                Some("part") if time.elapsed().is_ok_and(|t| t > STALE) => {
                    let _ = std::fs::remove_file(&path);
                }
                _ => {}
            }
        }
        // The set just written stays whatever the clock's grain.
        if kept.len() >= KEEP {
            kept.sort();
            for (_, p) in &kept[..kept.len() + 1 - KEEP] {
                let _ = std::fs::remove_file(p);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(dir: &Path) -> PathBuf {
        let w = dir.join("model.safetensors");
        std::fs::write(&w, b"weights").unwrap();
        w
    }

    #[test]
    fn a_set_is_read_back_only_for_the_same_phrases_text_and_model() {
        let dir = tempfile::tempdir().unwrap();
        let w = model(dir.path());
        let seqs = vec![vec![1, 2, 3], vec![4, 5]];
        let s = Store::new(dir.path(), &w, "2 F16", &[7, 8], &seqs).unwrap();
        let priors = vec![Some(vec![-0.5, -1.25, -3.0]), None];
        assert!(s.load(&[3, 2]).is_none());
        s.save(&priors).unwrap();
        assert_eq!(s.load(&[3, 2]), Some(priors.clone()));
        // Another text before, another phrase, another scoring: another key.
        for other in [
            Store::new(dir.path(), &w, "2 F16", &[7, 9], &seqs),
            Store::new(
                dir.path(),
                &w,
                "2 F16",
                &[7, 8],
                &[vec![1, 2, 3], vec![4, 6]],
            ),
            Store::new(dir.path(), &w, "2 F32", &[7, 8], &seqs),
        ] {
            let other = other.unwrap();
            assert_ne!(other.path(), s.path());
            assert!(other.load(&[3, 2]).is_none());
        }
        // A model written again is another model.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&w, b"weights, converted again").unwrap();
        let again = Store::new(dir.path(), &w, "2 F16", &[7, 8], &seqs).unwrap();
        assert!(again.load(&[3, 2]).is_none());
    }

    #[test]
    fn a_damaged_or_foreign_file_is_not_taken() {
        let dir = tempfile::tempdir().unwrap();
        let w = model(dir.path());
        let seqs = vec![vec![1, 2], vec![3]];
        let s = Store::new(dir.path(), &w, "x", &[7], &seqs).unwrap();
        s.save(&[Some(vec![-1.0, -2.0]), Some(vec![-3.0])]).unwrap();
        let good = std::fs::read(s.path()).unwrap();
        let key = String::from_utf8(good.clone()).unwrap();
        let key = &key[8..72];
        let bad: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"\xff\xfe not text".to_vec(),
            good[..good.len() / 2].to_vec(),
            br#"{"key":"0000","priors":[[-1.0,-2.0],[-3.0]]}"#.to_vec(),
            format!(r#"{{"key":"{key}","priors":[[-1.0],[-3.0]]}}"#).into_bytes(),
            format!(r#"{{"key":"{key}","priors":[[-1.0,-2.0]]}}"#).into_bytes(),
            format!(r#"{{"key":"{key}","priors":[[-1.0,"a"],[-3.0]]}}"#).into_bytes(),
            format!(r#"{{"key":"{key}","priors":[[-1.0,1e999],[-3.0]]}}"#).into_bytes(),
        ];
        assert!(s.load(&[2, 1]).is_some());
        for b in bad {
            std::fs::write(s.path(), &b).unwrap();
            assert!(s.load(&[2, 1]).is_none(), "{}", String::from_utf8_lossy(&b));
        }
        // A score that JSON cannot hold is not kept.
        std::fs::remove_file(s.path()).unwrap();
        s.save(&[Some(vec![f32::NEG_INFINITY, -2.0]), None])
            .unwrap();
        assert!(!s.path().exists());
    }

    #[test]
    fn the_oldest_sets_go_beyond_the_number_kept() {
        let dir = tempfile::tempdir().unwrap();
        let w = model(dir.path());
        let folder = dir.path().join("priors");
        let stores: Vec<Store> = (0..KEEP as u32 + 3)
            .map(|i| Store::new(&folder, &w, "x", &[i], &[vec![1]]).unwrap())
            .collect();
        for s in &stores {
            s.save(&[Some(vec![-1.0])]).unwrap();
        }
        let n = std::fs::read_dir(&folder).unwrap().count();
        assert_eq!(n, KEEP);
        assert!(stores.last().unwrap().load(&[1]).is_some());
    }

    #[test]
    fn a_file_left_half_written_is_cleared_once_stale() {
        let dir = tempfile::tempdir().unwrap();
        let w = model(dir.path());
        let s = Store::new(dir.path(), &w, "x", &[1], &[vec![1]]).unwrap();
        let (old, young) = (
            dir.path().join("a.json.1.part"),
            dir.path().join("b.json.2.part"),
        );
        for p in [&old, &young] {
            std::fs::write(p, b"{\"key\": \"ab").unwrap();
        }
        let long_ago = std::time::SystemTime::now() - STALE * 2;
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        s.save(&[Some(vec![-1.0])]).unwrap();
        assert!(!old.exists(), "a stale half-written file is cleared");
        assert!(young.exists(), "one being written now is left alone");
        assert!(s.load(&[1]).is_some());
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let w = model(dir.path());
        // A file where the folder should be.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, b"").unwrap();
        let s = Store::new(&blocked.join("priors"), &w, "x", &[1], &[vec![1]]).unwrap();
        assert!(s.save(&[Some(vec![-1.0])]).is_err());
        assert!(s.load(&[1]).is_none());
    }
}
