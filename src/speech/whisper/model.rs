//! Whisper (base: 6 + 6 layers, 512 wide, 8 heads) on candle's tensors,
//! read from the converted CTranslate2 weights (models/whisper/convert.py
//! keeps CTranslate2's names: fused q/k/v, pre-norm blocks).
//!
//! Two things this network does that a transcriber does not:
//! - the encoder takes only the utterance (any even number of mel frames up
//!   to 3000; the positional table is sliced), not 30 s of padding;
//! - the decoder scores a whole set of forced transcripts at once as a
//!   prefix tree: every distinct token prefix is decoded once, a level of
//!   the tree in one batch, its keys and values shared by all phrases that
//!   go through it, and the cross-attention keys of the audio computed once.

use candle_core::{D, DType, Device, IndexOp, Tensor};
use std::collections::HashMap;
use std::path::Path;

type Result<T> = candle_core::Result<T>;

const EPS: f64 = 1e-5;

/// How the weights of the products are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    /// 32-bit floats, as the model's float16 weights widen.
    F32,
    /// The decoder's and the output projection's weights in 16 bits, as
    /// the model has them (the encoder's in 32).
    F16,
}

impl Precision {
    /// `F16`, or `F32` when `HECTOR_WHISPER_F32=1` (the lab compares them).
    pub fn from_env() -> Precision {
        if std::env::var("HECTOR_WHISPER_F32").is_ok_and(|v| v == "1") {
            Precision::F32
        } else {
            Precision::F16
        }
    }
}

struct Linear {
    /// `[in, out]`, contiguous: `x · w + b`.
    w: Tensor,
    b: Option<Tensor>,
}

impl Linear {
    /// From `w [out, in]` (and the bias `[out]`).
    fn new(w: &Tensor, b: Option<&Tensor>) -> Result<Linear> {
        Ok(Linear {
            w: w.t()?.contiguous()?,
            b: b.cloned(),
        })
    }
    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        let y = if self.w.dtype() == x.dtype() {
            x.matmul(&self.w)?
        } else {
            x.to_dtype(self.w.dtype())?
                .matmul(&self.w)?
                .to_dtype(x.dtype())?
        };
        match &self.b {
            Some(b) => y.broadcast_add(b),
            None => Ok(y),
        }
    }
}

/// GELU with the error function, as Whisper was trained
/// (`x · (1 + erf(x / √2)) / 2`), erf to within 1.5e-7 (Abramowitz and
/// Stegun 7.1.26): a tenth of the encoder's time went to candle's erf,
/// one element at a time through a software `erff`.
/// How [`Whisper::score`] scores: the normaliser, the beam with each
/// token's offset, and what it asks whether to give up.
pub struct Scoring<'a> {
    pub norm: Normaliser,
    pub prune: Option<(Prune, &'a [Vec<f32>])>,
    /// How many prefixes one decoder pass may take: a level's prefixes
    /// always, and the levels below them with them while they fit
    /// ([`Whisper::score`]).
    pub rows: usize,
    pub stop: &'a dyn Fn() -> bool,
}

/// The message of the error [`Whisper::encode`] and [`Whisper::score`]
/// give when `stop` asked them to give up.
pub const INTERRUPTED: &str = "the decision was given up";

/// Whether `e` is the error of a decision given up.
pub fn interrupted(e: &candle_core::Error) -> bool {
    matches!(e, candle_core::Error::Msg(m) if m == INTERRUPTED)
}

fn given_up(stop: &dyn Fn() -> bool) -> Result<()> {
    if stop() {
        Err(candle_core::Error::Msg(INTERRUPTED.into()))
    } else {
        Ok(())
    }
}

fn gelu(x: &Tensor) -> Result<Tensor> {
    let shape = x.shape().clone();
    let mut v = x.flatten_all()?.to_vec1::<f32>()?;
    for a in &mut v {
        *a = 0.5 * *a * (1.0 + erf(*a * std::f32::consts::FRAC_1_SQRT_2));
    }
    Tensor::from_vec(v, shape, x.device())
}

/// The error function to within 1.5e-7 (Abramowitz and Stegun 7.1.26).
fn erf(x: f32) -> f32 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_6
            + t * (-0.284_496_74 + t * (1.421_413_7 + t * (-1.453_152_1 + t * 1.061_405_4))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

struct Norm {
    g: Tensor,
    b: Tensor,
}

impl Norm {
    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        candle_nn::ops::layer_norm(x, &self.g, &self.b, EPS as f32)
    }
}

struct Mlp {
    norm: Norm,
    up: Linear,
    down: Linear,
}

impl Mlp {
    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        let h = gelu(&self.up.forward(&self.norm.forward(x)?)?)?;
        x + self.down.forward(&h)?
    }
}

/// Self-attention with q, k, v in one product.
struct SelfAttn {
    norm: Norm,
    qkv: Linear,
    out: Linear,
}

/// Cross-attention: q from the text, k and v from the audio.
struct CrossAttn {
    norm: Norm,
    q: Linear,
    kv: Linear,
    out: Linear,
}

struct EncLayer {
    attn: SelfAttn,
    mlp: Mlp,
}

struct DecLayer {
    attn: SelfAttn,
    cross: CrossAttn,
    mlp: Mlp,
}

/// The audio as the decoder sees it: each layer's cross-attention keys and
/// values, `[heads, frames, head_dim]`.
pub struct Audio {
    kv: Vec<(Tensor, Tensor)>,
}

pub struct Whisper {
    conv1: (Tensor, Tensor),
    conv2: (Tensor, Tensor),
    enc_pos: Tensor,
    enc: Vec<EncLayer>,
    enc_norm: Norm,
    /// The output projection: the token embeddings transposed, `[width,
    /// vocab]` (a token's embedding is its column).
    proj: Linear,
    vocab: usize,
    dec_pos: Tensor,
    dec: Vec<DecLayer>,
    dec_norm: Norm,
    heads: usize,
    width: usize,
    pub max_frames: usize,
}

impl Whisper {
    /// Loads `model.safetensors` written by models/whisper/convert.py,
    /// the products' weights kept as `precision` says.
    pub fn load(path: &Path, dev: &Device, precision: Precision) -> Result<Whisper> {
        // Each tensor is read from the file and widened only when it is
        // taken, so the model never stands in memory twice.
        let t = Safetensors::open(path, dev)?;
        let get = |name: &str| -> Result<Tensor> { t.get(name)?.to_dtype(DType::F32) };
        let norm = |p: &str| -> Result<Norm> {
            Ok(Norm {
                g: get(&format!("{p}/gamma"))?,
                b: get(&format!("{p}/beta"))?,
            })
        };
        // The decoder's products: a few rows at a time, bound by reading
        // their weights.
        let dec_dtype = match precision {
            Precision::F32 => DType::F32,
            Precision::F16 => DType::F16,
        };
        let lin = |p: &str, dtype: DType| -> Result<Linear> {
            let w = t.get(&format!("{p}/weight"))?.to_dtype(dtype)?;
            let bias = format!("{p}/bias");
            let b = match t.has(&bias) {
                true => Some(get(&bias)?),
                false => None,
            };
            Linear::new(&w, b.as_ref())
        };
        let mlp = |p: &str, dtype: DType| -> Result<Mlp> {
            Ok(Mlp {
                norm: norm(&format!("{p}/layer_norm"))?,
                up: lin(&format!("{p}/linear_0"), dtype)?,
                down: lin(&format!("{p}/linear_1"), dtype)?,
            })
        };
        let self_attn = |p: &str, dtype: DType| -> Result<SelfAttn> {
            Ok(SelfAttn {
                norm: norm(&format!("{p}/layer_norm"))?,
                qkv: lin(&format!("{p}/linear_0"), dtype)?,
                out: lin(&format!("{p}/linear_1"), dtype)?,
            })
        };
        let count = |p: &str| {
            (0..)
                .take_while(|i| t.has(&format!("{p}/layer_{i}/ffn/linear_0/weight")))
                .count()
        };
        let mut enc = Vec::new();
        for i in 0..count("encoder") {
            let p = format!("encoder/layer_{i}");
            enc.push(EncLayer {
                attn: self_attn(&format!("{p}/self_attention"), DType::F32)?,
                mlp: mlp(&format!("{p}/ffn"), DType::F32)?,
            });
        }
        let mut dec = Vec::new();
        for i in 0..count("decoder") {
            let p = format!("decoder/layer_{i}");
            dec.push(DecLayer {
                attn: self_attn(&format!("{p}/self_attention"), dec_dtype)?,
                cross: CrossAttn {
                    norm: norm(&format!("{p}/attention/layer_norm"))?,
                    q: lin(&format!("{p}/attention/linear_0"), dec_dtype)?,
                    // Applied to the encoder's output, once an utterance.
                    kv: lin(&format!("{p}/attention/linear_1"), DType::F32)?,
                    out: lin(&format!("{p}/attention/linear_2"), dec_dtype)?,
                },
                mlp: mlp(&format!("{p}/ffn"), dec_dtype)?,
            });
        }
        if enc.is_empty() || dec.is_empty() {
            return Err(candle_core::Error::Msg("the model has no layers".into()));
        }
        let embed = t.get("decoder/embeddings/weight")?.to_dtype(dec_dtype)?;
        let width = embed.dim(1)?;
        let vocab = embed.dim(0)?;
        // The embeddings are looked up in the projection's columns.
        let proj = Linear::new(&embed, None)?;
        drop(embed);
        let enc_pos = get("encoder/position_encodings/encodings")?;
        let max_frames = enc_pos.dim(0)? * 2;
        Ok(Whisper {
            conv1: (get("encoder/conv1/weight")?, get("encoder/conv1/bias")?),
            conv2: (get("encoder/conv2/weight")?, get("encoder/conv2/bias")?),
            enc_pos,
            enc,
            enc_norm: norm("encoder/layer_norm")?,
            proj,
            vocab,
            dec_pos: get("decoder/position_encodings/encodings")?,
            dec,
            dec_norm: norm("decoder/layer_norm")?,
            // Whisper base: 8 heads of 64 (the count is a scalar the
            // conversion drops; every Whisper size uses 64-wide heads).
            heads: width / 64,
            width,
            max_frames,
        })
    }

    /// The number of ids the decoder's output covers.
    pub fn vocab(&self) -> usize {
        self.vocab
    }

    /// Splits `[n, width]` into heads: `[heads, n, head_dim]`.
    fn split(&self, x: &Tensor) -> Result<Tensor> {
        let n = x.dim(0)?;
        x.reshape((n, self.heads, self.width / self.heads))?
            .transpose(0, 1)?
            .contiguous()
    }

    /// Joins heads `[heads, n, head_dim]` back into `[n, width]`.
    fn join(&self, x: &Tensor) -> Result<Tensor> {
        let n = x.dim(1)?;
        x.transpose(0, 1)?.contiguous()?.reshape((n, self.width))
    }

    fn scale(&self) -> f64 {
        1.0 / ((self.width / self.heads) as f64).sqrt()
    }

    /// Encodes mel features `[1, 80, frames]` (frames even, at most
    /// `max_frames`) and prepares the decoder's cross-attention. `stop` is
    /// asked before each layer ([`interrupted`]).
    pub fn encode(&self, mel: &Tensor, stop: &dyn Fn() -> bool) -> Result<Audio> {
        let x = mel
            .conv1d(&self.conv1.0, 1, 1, 1, 1)?
            .broadcast_add(&self.conv1.1.reshape((1, (), 1))?)?;
        let x = gelu(&x)?;
        let x = x
            .conv1d(&self.conv2.0, 1, 2, 1, 1)?
            .broadcast_add(&self.conv2.1.reshape((1, (), 1))?)?;
        let x = gelu(&x)?;
        let x = x.squeeze(0)?.t()?.contiguous()?; // [T, width]
        let t = x.dim(0)?;
        let mut x = (x + self.enc_pos.narrow(0, 0, t)?)?;
        for l in &self.enc {
            given_up(stop)?;
            let h = l.attn.norm.forward(&x)?;
            let qkv = l.attn.qkv.forward(&h)?;
            let q = self.split(&qkv.narrow(1, 0, self.width)?)?;
            let k = self.split(&qkv.narrow(1, self.width, self.width)?)?;
            let v = self.split(&qkv.narrow(1, 2 * self.width, self.width)?)?;
            let att = (q.matmul(&k.t()?)? * self.scale())?;
            let att = candle_nn::ops::softmax_last_dim(&att)?;
            let o = self.join(&att.matmul(&v)?)?;
            x = (x + l.attn.out.forward(&o)?)?;
            x = l.mlp.forward(&x)?;
        }
        let x = self.enc_norm.forward(&x)?;
        let mut kv = Vec::new();
        for l in &self.dec {
            let both = l.cross.kv.forward(&x)?;
            let k = self.split(&both.narrow(1, 0, self.width)?)?;
            let v = self.split(&both.narrow(1, self.width, self.width)?)?;
            kv.push((k.t()?.contiguous()?, v));
        }
        Ok(Audio { kv })
    }

    /// One decoder pass over `n` rows: `x [n, width]` with self-attention
    /// over the keys and values `past` gives per layer, plus their own key.
    /// `causal` rows attend among themselves causally (the shared prefix,
    /// one sequence). Returns the output and each layer's new (k, v)
    /// `[n, heads, 1, head_dim]` (prefix: `[1, heads, n, head_dim]`).
    fn decode_rows(
        &self,
        mut x: Tensor,
        audio: &Audio,
        past: &dyn Fn(usize) -> Result<Past>,
        causal: bool,
    ) -> Result<(Tensor, Vec<(Tensor, Tensor)>)> {
        let n = x.dim(0)?;
        let hd = self.width / self.heads;
        let mut new_kv = Vec::new();
        for (i, l) in self.dec.iter().enumerate() {
            let h = l.attn.norm.forward(&x)?;
            let qkv = l.attn.qkv.forward(&h)?;
            let o = if causal {
                // One sequence of n tokens: [heads, n, hd].
                let q = self.split(&qkv.narrow(1, 0, self.width)?)?;
                let k = self.split(&qkv.narrow(1, self.width, self.width)?)?;
                let v = self.split(&qkv.narrow(1, 2 * self.width, self.width)?)?;
                let att = (q.matmul(&k.t()?)? * self.scale())?;
                let mask: Vec<f32> = (0..n)
                    .flat_map(|r| (0..n).map(move |c| if c > r { f32::NEG_INFINITY } else { 0.0 }))
                    .collect();
                let mask = Tensor::from_vec(mask, (n, n), x.device())?;
                let att = candle_nn::ops::softmax_last_dim(&att.broadcast_add(&mask)?)?;
                let o = self.join(&att.matmul(&v)?)?;
                new_kv.push((k.unsqueeze(0)?, v.unsqueeze(0)?));
                o
            } else {
                // n independent rows, each one new token: [n, heads, 1, hd].
                let one = |t: Tensor| t.reshape((n, self.heads, 1, hd));
                let q = one(qkv.narrow(1, 0, self.width)?)?;
                let k = one(qkv.narrow(1, self.width, self.width)?)?;
                let v = one(qkv.narrow(1, 2 * self.width, self.width)?)?;
                let o = self.attend_rows(&q, &k, &v, past(i)?)?;
                new_kv.push((k, v));
                o
            };
            x = (x + l.attn.out.forward(&o)?)?;
            // Cross-attention: the rows are queries over the shared audio.
            let h = l.cross.norm.forward(&x)?;
            let q = self.split(&l.cross.q.forward(&h)?)?; // [heads, n, hd]
            let (ak, av) = &audio.kv[i];
            let att = (q.matmul(ak)? * self.scale())?; // [heads, n, T]
            let att = candle_nn::ops::softmax_last_dim(&att)?;
            let o = self.join(&att.matmul(av)?)?;
            x = (x + l.cross.out.forward(&o)?)?;
            x = l.mlp.forward(&x)?;
        }
        Ok((self.dec_norm.forward(&x)?, new_kv))
    }

    /// Self-attention of `n` rows of one new token each (`q`, `k`, `v`
    /// `[n, heads, 1, hd]`), prefixes of one tree decoded in one pass:
    /// each row attends to the shared keys (the text before the phrases),
    /// to its own keys of the levels decoded before (`past.rows`) and to
    /// the rows of this pass that `past.within` (`[n, n]`, 0 or −∞) lets
    /// it see — its ancestors in the pass and itself. The shared keys are
    /// attended by every row in one product, never copied per row (with a
    /// prompt they are most of the past: copying them for each of a
    /// level's rows was most of the scoring's time). Returns `[n, width]`.
    fn attend_rows(&self, q: &Tensor, k: &Tensor, v: &Tensor, past: Past) -> Result<Tensor> {
        let n = q.dim(0)?;
        let within = match &past.within {
            Some(w) => w.clone(),
            None => {
                let own: Vec<f32> = (0..n * n)
                    .map(|i| {
                        if i / n == i % n {
                            0.0
                        } else {
                            f32::NEG_INFINITY
                        }
                    })
                    .collect();
                Tensor::from_vec(own, (n, n), q.device())?
            }
        };
        // [heads, n, hd]: the rows of the pass as one sequence per head.
        let heads_first = |t: &Tensor| t.squeeze(2)?.transpose(0, 1)?.contiguous();
        let (qh, kh, vh) = (heads_first(q)?, heads_first(k)?, heads_first(v)?);
        // Scores, each [n, heads, 1, ·]: shared, own past, this pass.
        let mut parts = Vec::new();
        if let Some((sk, _)) = &past.shared {
            parts.push(
                qh.matmul(&sk.squeeze(0)?.t()?.contiguous()?)?
                    .transpose(0, 1)?
                    .unsqueeze(2)?
                    .contiguous()?,
            );
        }
        if let Some((pk, _)) = &past.rows {
            parts.push(q.matmul(&pk.t()?.contiguous()?)?);
        }
        let inner = qh
            .matmul(&kh.t()?.contiguous()?)?
            .broadcast_add(&within)?
            .transpose(0, 1)?
            .unsqueeze(2)?
            .contiguous()?;
        parts.push(inner);
        let att = (Tensor::cat(&parts, 3)? * self.scale())?;
        let att = candle_nn::ops::softmax_last_dim(&att)?;
        let mut at = 0;
        let mut out: Option<Tensor> = None;
        let mut add = |o: Tensor| -> Result<()> {
            out = Some(match out.take() {
                Some(x) => (x + o)?,
                None => o,
            });
            Ok(())
        };
        if let Some((sk, sv)) = &past.shared {
            let len = sk.dim(2)?;
            let a = att
                .narrow(3, at, len)?
                .squeeze(2)?
                .transpose(0, 1)?
                .contiguous()?;
            add(a.matmul(&sv.squeeze(0)?.contiguous()?)?.transpose(0, 1)?)?;
            at += len;
        }
        if let Some((pk, pv)) = &past.rows {
            let len = pk.dim(2)?;
            let a = att.narrow(3, at, len)?.contiguous()?;
            add(a.matmul(&pv.contiguous()?)?.squeeze(2)?)?;
            at += len;
        }
        let a = att
            .narrow(3, at, n)?
            .squeeze(2)?
            .transpose(0, 1)?
            .contiguous()?;
        add(a.matmul(&vh)?.transpose(0, 1)?)?;
        match out {
            Some(o) => o.reshape((n, self.width)),
            None => Err(candle_core::Error::Msg("nothing to attend".into())),
        }
    }

    /// Embeds tokens at positions.
    fn embed_at(&self, tokens: &[u32], positions: &[u32]) -> Result<Tensor> {
        let dev = self.proj.w.device();
        let tok = Tensor::new(tokens, dev)?;
        let pos = Tensor::new(positions, dev)?;
        self.proj
            .w
            .index_select(&tok, 1)?
            .t()?
            .to_dtype(DType::F32)?
            + self.dec_pos.index_select(&pos, 0)?
    }

    /// The output projection's columns for `norm`: `None` for the whole
    /// vocabulary, else the embeddings of the shortlist `[width, S]` and
    /// each token's column.
    fn columns(
        &self,
        seqs: &[Vec<u32>],
        norm: Normaliser,
    ) -> Result<Option<(Tensor, HashMap<u32, usize>)>> {
        let Normaliser::Shortlist(common) = norm else {
            return Ok(None);
        };
        let vocab = self.vocab() as u32;
        let mut ids: Vec<u32> = (0..(common as u32).min(vocab)).collect();
        let mut seen: std::collections::HashSet<u32> = ids.iter().copied().collect();
        for &t in seqs.iter().flatten() {
            if t < vocab && seen.insert(t) {
                ids.push(t);
            }
        }
        let col: HashMap<u32, usize> = ids.iter().enumerate().map(|(i, t)| (*t, i)).collect();
        let w = &self.proj.w;
        let cols = w
            .index_select(&Tensor::new(ids.as_slice(), w.device())?, 1)?
            .to_dtype(DType::F32)?;
        Ok(Some((cols, col)))
    }

    /// Log-probabilities of `wanted` `(row, token)` pairs from final
    /// states `x [n, width]`, normalised over `cols` (the shortlist) or
    /// the whole vocabulary.
    fn log_probs(
        &self,
        x: &Tensor,
        wanted: &[(usize, u32)],
        cols: &Option<(Tensor, HashMap<u32, usize>)>,
    ) -> Result<Vec<f32>> {
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let (logits, col): (Tensor, Box<dyn Fn(u32) -> usize + '_>) = match cols {
            Some((w, map)) => (x.matmul(w)?, Box::new(move |t| map[&t])),
            None => (self.proj.forward(x)?, Box::new(|t| t as usize)),
        };
        let v = logits.dim(1)?;
        let max = logits.max_keepdim(D::Minus1)?;
        let lse = (logits
            .broadcast_sub(&max)?
            .exp()?
            .sum_keepdim(D::Minus1)?
            .log()?
            + &max)?
            .flatten_all()?
            .to_vec1::<f32>()?;
        let idx: Vec<u32> = wanted
            .iter()
            .map(|(r, t)| (*r * v + col(*t)) as u32)
            .collect();
        let got = logits
            .flatten_all()?
            .index_select(&Tensor::new(idx.as_slice(), x.device())?, 0)?
            .to_vec1::<f32>()?;
        Ok(got
            .into_iter()
            .zip(wanted)
            .map(|(g, (r, _))| g - lse[*r])
            .collect())
    }

    /// The decoder's state after `tokens` (the task tokens and any text
    /// written before them) on `audio`: decoded once per utterance and
    /// shared by [`Whisper::score`], [`Whisper::gap`] and
    /// [`Whisper::greedy`].
    pub fn prefix(&self, audio: &Audio, tokens: &[u32]) -> Result<Prefix> {
        let p = tokens.len();
        if p == 0 || p >= self.dec_pos.dim(0)? {
            return Err(candle_core::Error::Msg(
                "the text before the phrases is too long for the decoder".into(),
            ));
        }
        let positions: Vec<u32> = (0..p as u32).collect();
        let x = self.embed_at(tokens, &positions)?;
        let (out, kv) = self.decode_rows(x, audio, &|_| Ok(Past::default()), true)?;
        Ok(Prefix {
            len: p,
            last: out.i(p - 1..p)?,
            kv,
        })
    }

    /// How far the model's own first choice at each position of sequence
    /// `seq` of `scored` is ahead of the token the sequence has there,
    /// summed, over the whole vocabulary: a sequence the model would have
    /// written itself scores 0. The states along the sequence are the
    /// ones its scoring decoded (every prefix of a scored sequence was).
    pub fn gap(&self, prefix: &Prefix, scored: &Scored, seq: usize) -> Result<f32> {
        let tree = &scored.tree;
        let Some(path) = tree.trie.paths.get(seq) else {
            return Ok(0.0);
        };
        if path.is_empty() {
            return Ok(0.0);
        }
        let mut rows = Vec::with_capacity(path.len());
        for k in 0..path.len() {
            let parent = if k == 0 { 0 } else { path[k - 1] };
            rows.push(tree.state(prefix, parent).ok_or_else(|| {
                candle_core::Error::Msg("the sequence was not scored whole".into())
            })?);
        }
        let logits = self.proj.forward(&Tensor::cat(&rows, 0)?)?; // [len, V]
        let max = logits
            .max_keepdim(D::Minus1)?
            .flatten_all()?
            .to_vec1::<f32>()?;
        let v = logits.dim(1)?;
        let idx: Vec<u32> = path
            .iter()
            .enumerate()
            .map(|(r, u)| (r * v + tree.trie.nodes[*u].token as usize) as u32)
            .collect();
        let got = logits
            .flatten_all()?
            .index_select(&Tensor::new(idx.as_slice(), logits.device())?, 0)?
            .to_vec1::<f32>()?;
        Ok(max.iter().zip(got).map(|(m, g)| m - g).sum())
    }

    /// What the model would write itself after `prefix`: at each step its
    /// first choice among the text tokens and `eot` (the ids after it —
    /// timestamps, languages, tasks — never; with only the 10,000 most
    /// common tokens, names such as "Felix" came out misspelt), until
    /// `eot` or `max` tokens. While the transcript follows a prefix that
    /// `scored` decoded (it mostly spells the phrase that was said), that
    /// state is taken as it is; past it, each step is one row over the
    /// cached keys and values. A transcript that starts to repeat itself
    /// (its last three tokens seen before: Whisper loops on a short
    /// utterance) ends where the repetition begins. Returns the tokens
    /// (without `eot`).
    pub fn greedy(
        &self,
        audio: &Audio,
        prefix: &Prefix,
        scored: Option<&Scored>,
        eot: u32,
        max: usize,
    ) -> Result<Vec<u32>> {
        let p = prefix.len;
        let room = self.dec_pos.dim(0)?.saturating_sub(p + 1);
        let max = max.min(room);
        if p == 0 || max == 0 {
            return Ok(Vec::new());
        }
        let text = (eot as usize + 1).min(self.vocab());
        let mut last = prefix.last.clone();
        // Where the transcript stands in the scored tree (node 0: the
        // prefix itself), while it follows decoded prefixes.
        let mut node = scored.map(|_| 0usize);
        let mut cache: Vec<(Tensor, Tensor)> = prefix.kv.clone();
        let mut got = Vec::new();
        for step in 0..max {
            let logits = self.proj.forward(&last)?.narrow(1, 0, text)?;
            let t = logits.argmax(D::Minus1)?.flatten_all()?.to_vec1::<u32>()?[0];
            if t == eot {
                break;
            }
            got.push(t);
            let n = got.len();
            if n >= 6 && (0..n - 5).any(|j| got[j..j + 3] == got[n - 3..]) {
                got.truncate(n - 3);
                break;
            }
            if step + 1 == max {
                break;
            }
            if let (Some(u), Some(s)) = (node, scored) {
                let tree = &s.tree;
                let child = tree.trie.nodes[u]
                    .children
                    .iter()
                    .copied()
                    .find(|c| tree.trie.nodes[*c].token == t);
                if let Some(state) = child.and_then(|c| tree.state(prefix, c)) {
                    node = child;
                    last = state;
                    continue;
                }
                // The transcript leaves the tree after `u`: its keys and
                // values so far are the prefix's and those of u's path.
                cache = tree.path_kv(prefix, u)?;
                node = None;
            }
            let x = self.embed_at(&[t], &[(p + step) as u32])?;
            let past = |layer: usize| -> Result<Past> {
                Ok(Past {
                    shared: Some(cache[layer].clone()),
                    rows: None,
                    within: None,
                })
            };
            let (out, kv) = self.decode_rows(x, audio, &past, false)?;
            for (layer, (k, v)) in kv.into_iter().enumerate() {
                let (pk, pv) = &cache[layer];
                cache[layer] = (Tensor::cat(&[pk, &k], 2)?, Tensor::cat(&[pv, &v], 2)?);
            }
            last = out;
        }
        Ok(got)
    }

    /// Scores each of `seqs` as the transcript after `prefix`: each of its
    /// tokens' log-probability (the last token of each sequence is
    /// normally `<|endoftext|>`), normalised as `norm` says (a shortlist
    /// holds the tokens of `shortlist`, which holds `seqs`). Shared
    /// prefixes are decoded once: a level of the prefix tree in one pass,
    /// with the levels below it while `rows` prefixes hold them
    /// ([`Trie::pass`]).
    ///
    /// With `prune`, each token also carries an offset (`offsets`, per
    /// sequence and token: what the caller adds to its log-probability)
    /// and at each level only the prefixes whose log-probabilities plus
    /// offsets so far are within `prune.beam` of the level's best (at
    /// most `prune.width` of them) go on; the sequences below the others
    /// get `None`. `stop` is asked before each level ([`interrupted`]).
    pub fn score(
        &self,
        audio: &Audio,
        prefix: &Prefix,
        seqs: &[Vec<u32>],
        shortlist: &[Vec<u32>],
        how: Scoring,
    ) -> Result<Scored> {
        let Scoring {
            norm,
            prune,
            rows: pass_rows,
            stop,
        } = how;
        let trie = Trie::new(seqs);
        let dev = self.dec_pos.device();
        let p = prefix.len;
        if p == 0 || p + trie.depth() > self.dec_pos.dim(0)? {
            return Err(candle_core::Error::Msg(
                "the phrase is too long for the decoder".into(),
            ));
        }
        // The offset of each node's edge (from the first sequence through it).
        let mut offset = vec![0f32; trie.nodes.len()];
        if let Some((_, offs)) = &prune {
            for (s, o) in trie.paths.iter().zip(offs.iter()) {
                for (u, x) in s.iter().zip(o) {
                    offset[*u] = *x;
                }
            }
        }
        let cols = self.columns(shortlist, norm)?;
        // Log-probabilities of every edge, by child node (NaN: not scored).
        let mut edge = vec![f32::NAN; trie.nodes.len()];
        // Log-probabilities plus offsets from the root, by node.
        let mut partial = vec![0f32; trie.nodes.len()];
        // Level 0's states: the last prefix row.
        let mut states = prefix.last.clone();
        let mut decoded_levels = Levels {
            outputs: Vec::new(),
            kv: vec![Vec::new(); self.dec.len()],
            slot: vec![0usize; trie.nodes.len()],
        };
        let mut kept = vec![false; trie.nodes.len()];
        let mut level_nodes: Vec<usize> = vec![0];
        let mut decoded = 1;
        for depth in 0..trie.depth() {
            given_up(stop)?;
            // The edges leaving this level's nodes.
            let mut wanted = Vec::new();
            let mut children = Vec::new();
            for (row, &u) in level_nodes.iter().enumerate() {
                for &c in &trie.nodes[u].children {
                    wanted.push((row, trie.nodes[c].token));
                    children.push(c);
                }
            }
            let lps = self.log_probs(&states, &wanted, &cols)?;
            for (c, lp) in children.iter().zip(lps) {
                edge[*c] = lp;
                partial[*c] = partial[trie.nodes[*c].parent] + lp + offset[*c];
            }
            // The next level: children that go on (not the last token).
            let mut next: Vec<usize> = children
                .into_iter()
                .filter(|c| !trie.nodes[*c].children.is_empty())
                .collect();
            if let Some((pr, _)) = &prune {
                next.sort_by(|a, b| partial[*b].total_cmp(&partial[*a]));
                if let Some(&top) = next.first() {
                    let floor = partial[top] - pr.beam;
                    next.retain(|c| partial[*c] >= floor);
                }
                next.truncate(pr.width.max(1));
            }
            if next.is_empty() {
                break;
            }
            decoded += next.len();
            for c in &next {
                kept[*c] = true;
            }
            // Decoded already when the pass of an upper level took it.
            if decoded_levels.outputs.len() <= depth {
                let pass = trie.pass(&next, pass_rows);
                self.decode_pass(audio, prefix, &trie, &pass, depth, &mut decoded_levels)?;
            }
            let rows: Vec<u32> = next
                .iter()
                .map(|c| decoded_levels.slot[*c] as u32)
                .collect();
            states = decoded_levels.outputs[depth]
                .index_select(&Tensor::new(rows.as_slice(), dev)?, 0)?;
            level_nodes = next;
        }
        let tokens = trie
            .paths
            .iter()
            .map(|path| {
                let lps: Vec<f32> = path.iter().map(|u| edge[*u]).collect();
                if lps.iter().any(|x| x.is_nan()) {
                    None
                } else {
                    Some(lps)
                }
            })
            .collect();
        Ok(Scored {
            tokens,
            nodes: trie.nodes.len() - 1,
            decoded,
            tree: Tree {
                trie,
                decoded: decoded_levels,
                kept,
            },
        })
    }

    /// Decodes the prefixes of `pass` (by level, the first at depth
    /// `depth + 1`) in one decoder pass: each attends to the text before
    /// the phrases, to its ancestors decoded before and to those in the
    /// pass. Each level's outputs and keys go to `levels`, and each
    /// prefix's row within its level to `levels.slot`.
    fn decode_pass(
        &self,
        audio: &Audio,
        prefix: &Prefix,
        trie: &Trie,
        pass: &[Vec<usize>],
        depth: usize,
        levels: &mut Levels,
    ) -> Result<()> {
        let dev = self.dec_pos.device();
        let p = prefix.len;
        let nodes: Vec<usize> = pass.iter().flatten().copied().collect();
        let n = nodes.len();
        let row_of: HashMap<usize, usize> =
            nodes.iter().enumerate().map(|(r, u)| (*u, r)).collect();
        let tokens: Vec<u32> = nodes.iter().map(|u| trie.nodes[*u].token).collect();
        let positions: Vec<u32> = nodes
            .iter()
            .map(|u| (p + trie.nodes[*u].depth - 1) as u32)
            .collect();
        let x = self.embed_at(&tokens, &positions)?;
        // Which rows of the pass each row sees: itself and its ancestors.
        let mut mask = vec![f32::NEG_INFINITY; n * n];
        for (r, &u) in nodes.iter().enumerate() {
            let mut v = u;
            while trie.nodes[v].depth > depth {
                if let Some(&j) = row_of.get(&v) {
                    mask[r * n + j] = 0.0;
                }
                v = trie.nodes[v].parent;
            }
        }
        let within = Tensor::from_vec(mask, (n, n), dev)?;
        // Ancestors at each level decoded before, for every row.
        let anc: Vec<Tensor> = (1..=depth)
            .map(|lvl| {
                let ids: Vec<u32> = nodes
                    .iter()
                    .map(|u| levels.slot[trie.ancestor(*u, lvl)] as u32)
                    .collect();
                Tensor::new(ids.as_slice(), dev)
            })
            .collect::<Result<_>>()?;
        let past = |layer: usize| -> Result<Past> {
            let mut ks = Vec::with_capacity(anc.len());
            let mut vs = Vec::with_capacity(anc.len());
            for (lvl, a) in anc.iter().enumerate() {
                let (k, v) = &levels.kv[layer][lvl];
                ks.push(k.index_select(a, 0)?);
                vs.push(v.index_select(a, 0)?);
            }
            let rows = if ks.is_empty() {
                None
            } else {
                Some((Tensor::cat(&ks, 2)?, Tensor::cat(&vs, 2)?))
            };
            Ok(Past {
                shared: Some(prefix.kv[layer].clone()),
                rows,
                within: Some(within.clone()),
            })
        };
        let (out, kv) = self.decode_rows(x, audio, &past, false)?;
        let mut at = 0;
        for level in pass {
            let len = level.len();
            for (k, u) in level.iter().enumerate() {
                levels.slot[*u] = k;
            }
            levels.outputs.push(out.narrow(0, at, len)?);
            for (layer, (k, v)) in kv.iter().enumerate() {
                levels.kv[layer].push((k.narrow(0, at, len)?, v.narrow(0, at, len)?));
            }
            at += len;
        }
        Ok(())
    }
}

/// A `.safetensors` file read one tensor at a time: its header (the
/// names, types, shapes and byte ranges, as JSON after its length) once,
/// each tensor's bytes when it is taken.
struct Safetensors {
    file: std::cell::RefCell<std::fs::File>,
    /// Where the data begins (after the header).
    base: u64,
    entries: HashMap<String, Entry>,
    dev: Device,
}

#[derive(serde::Deserialize)]
struct Entry {
    dtype: String,
    shape: Vec<usize>,
    data_offsets: [u64; 2],
}

impl Safetensors {
    fn open(path: &Path, dev: &Device) -> Result<Safetensors> {
        use std::io::Read;
        let bad = |why: String| candle_core::Error::Msg(format!("{}: {why}", path.display()));
        let mut file = std::fs::File::open(path).map_err(|e| bad(e.to_string()))?;
        let mut n = [0u8; 8];
        file.read_exact(&mut n).map_err(|e| bad(e.to_string()))?;
        let n = u64::from_le_bytes(n);
        let size = file.metadata().map_err(|e| bad(e.to_string()))?.len();
        if n > 100_000_000 || n + 8 > size {
            return Err(bad("not a safetensors file (its header length)".into()));
        }
        let mut header = vec![0u8; n as usize];
        file.read_exact(&mut header)
            .map_err(|e| bad(e.to_string()))?;
        let raw: HashMap<String, serde_json::Value> =
            serde_json::from_slice(&header).map_err(|e| bad(e.to_string()))?;
        let mut entries = HashMap::new();
        for (name, v) in raw {
            if name == "__metadata__" {
                continue;
            }
            let e: Entry = serde_json::from_value(v).map_err(|e| bad(format!("{name}: {e}")))?;
            if e.data_offsets[0] > e.data_offsets[1] || 8 + n + e.data_offsets[1] > size {
                return Err(bad(format!("{name} lies outside the file")));
            }
            entries.insert(name, e);
        }
        Ok(Safetensors {
            file: std::cell::RefCell::new(file),
            base: 8 + n,
            entries,
            dev: dev.clone(),
        })
    }

    fn has(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    fn get(&self, name: &str) -> Result<Tensor> {
        use std::io::{Read, Seek, SeekFrom};
        let e = self
            .entries
            .get(name)
            .ok_or_else(|| candle_core::Error::Msg(format!("the model has no {name}")))?;
        let dtype = match e.dtype.as_str() {
            "F16" => DType::F16,
            "BF16" => DType::BF16,
            "F32" => DType::F32,
            other => {
                return Err(candle_core::Error::Msg(format!(
                    "{name} is of type {other}, not a float"
                )));
            }
        };
        let len = (e.data_offsets[1] - e.data_offsets[0]) as usize;
        if len != e.shape.iter().product::<usize>() * dtype.size_in_bytes() {
            return Err(candle_core::Error::Msg(format!(
                "{name}: its bytes do not fit its shape"
            )));
        }
        let mut bytes = vec![0u8; len];
        let mut f = self.file.borrow_mut();
        f.seek(SeekFrom::Start(self.base + e.data_offsets[0]))
            .and_then(|_| f.read_exact(&mut bytes))
            .map_err(|err| candle_core::Error::Msg(format!("{name}: {err}")))?;
        Tensor::from_raw_buffer(&bytes, dtype, &e.shape, &self.dev)
    }
}

/// How the log-probabilities are normalised.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Normaliser {
    /// Over the whole vocabulary.
    Full,
    /// Over the tokens of the phrases and the first `n` ids (the most
    /// common tokens: Whisper's ids follow the order of its merges).
    Shortlist(usize),
}

/// The beam of [`Whisper::score`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prune {
    pub beam: f32,
    pub width: usize,
}

/// What [`Whisper::score`] found.
pub struct Scored {
    /// Per sequence, its tokens' log-probabilities (`None`: pruned).
    pub tokens: Vec<Option<Vec<f32>>>,
    /// Nodes of the prefix tree (prefixes), and how many were decoded.
    pub nodes: usize,
    pub decoded: usize,
    /// The decoded prefixes' states, for [`Whisper::gap`] and
    /// [`Whisper::greedy`].
    tree: Tree,
}

/// The decoder's state after the task tokens and any text before them
/// ([`Whisper::prefix`]).
pub struct Prefix {
    len: usize,
    /// The last row's output, `[1, width]`.
    last: Tensor,
    /// Per layer, its keys and values, `[1, heads, len, head_dim]`.
    kv: Vec<(Tensor, Tensor)>,
}

/// What the rows of one decoder pass attend to besides themselves, per
/// layer: keys and values every row shares (`[1, heads, P, head_dim]`,
/// the prefix) and each row's own (`[n, heads, s, head_dim]`, its path
/// in the tree).
#[derive(Default)]
struct Past {
    shared: Option<(Tensor, Tensor)>,
    rows: Option<(Tensor, Tensor)>,
    /// Rows that are prefixes of one tree decoded together: which rows
    /// of the pass each row sees (`[n, n]`, 0 or −∞;
    /// [`Whisper::attend_rows`]). `None`: each row sees only itself.
    within: Option<Tensor>,
}

/// What the passes of a scoring decoded, by level (depth 1, 2, …).
struct Levels {
    /// The outputs of each level's decoded prefixes, `[n, width]`.
    outputs: Vec<Tensor>,
    /// Per layer, per level: their keys and values, `[n, heads, 1, hd]`.
    kv: Vec<Vec<(Tensor, Tensor)>>,
    /// Each decoded prefix's row within its level.
    slot: Vec<usize>,
}

/// The prefix tree of a scoring with what was decoded of it.
struct Tree {
    trie: Trie,
    /// The decoded prefixes' outputs, keys and values, by level.
    decoded: Levels,
    /// Whether a node was kept by the beam (its output and keys count).
    kept: Vec<bool>,
}

impl Tree {
    /// The output after node `u` (0: the prefix's), if it was decoded.
    fn state(&self, prefix: &Prefix, u: usize) -> Option<Tensor> {
        if u == 0 {
            return Some(prefix.last.clone());
        }
        if !self.kept.get(u).copied().unwrap_or(false) {
            return None;
        }
        let depth = self.trie.nodes[u].depth;
        let row = self.decoded.slot[u];
        self.decoded.outputs.get(depth - 1)?.i(row..row + 1).ok()
    }

    /// Per layer, the keys and values of the prefix and of the path to the
    /// decoded node `u`, `[1, heads, prefix + depth, head_dim]`.
    fn path_kv(&self, prefix: &Prefix, u: usize) -> Result<Vec<(Tensor, Tensor)>> {
        let mut path = Vec::new();
        let mut v = u;
        while v != 0 {
            path.push(v);
            v = self.trie.nodes[v].parent;
        }
        path.reverse();
        let mut out = Vec::with_capacity(prefix.kv.len());
        for (layer, (pk, pv)) in prefix.kv.iter().enumerate() {
            let mut ks = vec![pk.clone()];
            let mut vs = vec![pv.clone()];
            for (lvl, node) in path.iter().enumerate() {
                let (k, v) = &self.decoded.kv[layer][lvl];
                let r = self.decoded.slot[*node];
                ks.push(k.i(r..r + 1)?);
                vs.push(v.i(r..r + 1)?);
            }
            out.push((Tensor::cat(&ks, 2)?, Tensor::cat(&vs, 2)?));
        }
        Ok(out)
    }
}

struct Node {
    parent: usize,
    token: u32,
    depth: usize,
    children: Vec<usize>,
}

/// The token sequences as a prefix tree; node 0 is the empty prefix.
struct Trie {
    nodes: Vec<Node>,
    /// Per sequence, the nodes along it (one per token).
    paths: Vec<Vec<usize>>,
}

impl Trie {
    fn new(seqs: &[Vec<u32>]) -> Trie {
        let mut nodes = vec![Node {
            parent: 0,
            token: 0,
            depth: 0,
            children: Vec::new(),
        }];
        let mut index: HashMap<(usize, u32), usize> = HashMap::new();
        let mut paths = Vec::new();
        for s in seqs {
            let mut u = 0;
            let mut path = Vec::new();
            for &t in s {
                u = match index.get(&(u, t)) {
                    Some(&c) => c,
                    None => {
                        let c = nodes.len();
                        let depth = nodes[u].depth + 1;
                        nodes.push(Node {
                            parent: u,
                            token: t,
                            depth,
                            children: Vec::new(),
                        });
                        nodes[u].children.push(c);
                        index.insert((u, t), c);
                        c
                    }
                };
                path.push(u);
            }
            paths.push(path);
        }
        Trie { nodes, paths }
    }

    fn depth(&self) -> usize {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// The prefixes one decoder pass takes, by level: `top` (a level's
    /// prefixes that go on), then every prefix below them that goes on,
    /// a level at a time, while the pass holds at most `rows` of them.
    /// A pass costs about the same for one prefix as for a few dozen
    /// (the weights are read once a pass), so the narrow levels at the
    /// end of the phrases are decoded together; the beam still decides
    /// which of them count, as if each level had been decoded alone.
    fn pass(&self, top: &[usize], rows: usize) -> Vec<Vec<usize>> {
        let mut pass = vec![top.to_vec()];
        let mut total = top.len();
        loop {
            let below: Vec<usize> = pass[pass.len() - 1]
                .iter()
                .flat_map(|u| self.nodes[*u].children.iter().copied())
                .filter(|c| !self.nodes[*c].children.is_empty())
                .collect();
            if below.is_empty() || total + below.len() > rows {
                return pass;
            }
            total += below.len();
            pass.push(below);
        }
    }

    /// The ancestor of `u` at depth `level` (1-based).
    fn ancestor(&self, mut u: usize, level: usize) -> usize {
        while self.nodes[u].depth > level {
            u = self.nodes[u].parent;
        }
        u
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_takes_the_levels_below_its_top_while_they_fit() {
        // Two phrases sharing their first token, one longer, and a third
        // of its own: [1 2 3 4], [1 2 5], [6 7].
        let trie = Trie::new(&[vec![1, 2, 3, 4], vec![1, 2, 5], vec![6, 7]]);
        let at = |tokens: &[u32]| {
            let mut u = 0;
            for t in tokens {
                u = trie.nodes[u]
                    .children
                    .iter()
                    .copied()
                    .find(|c| trie.nodes[*c].token == *t)
                    .unwrap();
            }
            u
        };
        let top = [at(&[1]), at(&[6])];
        // Below "1": "1 2"; below that, "1 2 3" (the last tokens, "4"
        // and "5", end their phrases and are never decoded); "6 7" ends.
        assert_eq!(
            trie.pass(&top, 8),
            vec![top.to_vec(), vec![at(&[1, 2])], vec![at(&[1, 2, 3])]]
        );
        // A level that does not fit waits for the next pass; the top is
        // always taken, however many.
        assert_eq!(trie.pass(&top, 3), vec![top.to_vec(), vec![at(&[1, 2])]]);
        assert_eq!(trie.pass(&top, 1), vec![top.to_vec()]);
    }

    #[test]
    fn gelu_is_candles_exact_gelu_to_within_a_millionth() {
        let xs: Vec<f32> = (-800..800).map(|i| i as f32 / 100.0).collect();
        let t = Tensor::from_vec(xs.clone(), (2, xs.len() / 2), &Device::Cpu).unwrap();
        let ours = gelu(&t)
            .unwrap()
            .flatten_all()
            .unwrap()
            .to_vec1::<f32>()
            .unwrap();
        let exact = t
            .gelu_erf()
            .unwrap()
            .flatten_all()
            .unwrap()
            .to_vec1::<f32>()
            .unwrap();
        for ((x, a), b) in xs.iter().zip(ours).zip(exact) {
            assert!(
                (a - b).abs() < 1e-6 * (1.0 + x.abs()),
                "gelu({x}): {a} against {b}"
            );
        }
        assert_eq!(gelu(&t).unwrap().dims(), t.dims());
    }
}
