//! The real-time talking clock under tokio's paused time: announcements
//! fire exactly at their thresholds, and a question answered while a move
//! is being entered never holds up the move (FIDE Laws 2023, D.2.6.1,
//! D.2.10.4).

use std::time::Duration;

use hector::clock::live::{self, Announcement, Command, Query, TalkConfig};
use hector::clock::{Clock, ClockWords, PeriodChange, TimeControl};
use shakmaty::Color::{Black, White};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep};

fn spawn(
    tc: &str,
    cfg: TalkConfig,
    speaker_capacity: usize,
) -> (
    mpsc::Sender<Command>,
    mpsc::Receiver<Announcement>,
    tokio::task::JoinHandle<Clock>,
) {
    let clock = Clock::new(TimeControl::parse(tc).unwrap(), PeriodChange::OnQuota);
    let words = ClockWords::get("en").unwrap();
    let (tx, rx) = mpsc::channel(16);
    let (say_tx, say_rx) = mpsc::channel(speaker_capacity);
    let task = tokio::spawn(live::run(clock, words, cfg, rx, say_tx));
    (tx, say_rx, task)
}

#[tokio::test(start_paused = true)]
async fn announcements_fire_at_their_thresholds() {
    let cfg = TalkConfig {
        intervals: TalkConfig::usual_intervals(),
        ..TalkConfig::default()
    };
    let (tx, mut said, task) = spawn("360", cfg, 64);
    let origin = Instant::now();
    tx.send(Command::Start).await.unwrap();
    let mut heard = Vec::new();
    while let Some(a) = said.recv().await {
        let at = origin.elapsed().as_millis() as u64;
        let last = a.text.contains("flag");
        heard.push((at, a.at_ms, a.to, a.text));
        if last {
            break;
        }
    }
    let want: Vec<(u64, &str)> = vec![
        (60_000, "White: five minutes"),
        (120_000, "White: four minutes"),
        (180_000, "White: three minutes"),
        (240_000, "White: two minutes"),
        (300_001, "Warning, White: less than a minute"),
        (310_000, "White: fifty seconds"),
        (320_000, "White: forty seconds"),
        (330_000, "White: thirty seconds"),
        (340_000, "White: twenty seconds"),
        (350_000, "White: ten seconds"),
        (360_000, "White: flag fallen"),
    ];
    let got: Vec<(u64, &str)> = heard.iter().map(|h| (h.0, h.3.as_str())).collect();
    assert_eq!(got, want);
    // Each was stamped with the clock time it fired at.
    for h in &heard {
        assert_eq!(h.0, h.1, "{}", h.3);
    }
    assert_eq!(heard[0].2, Some(White));
    assert_eq!(heard.last().unwrap().2, None);
    tx.send(Command::Stop).await.unwrap();
    let clock = task.await.unwrap();
    assert!(clock.is_frozen());
    assert_eq!(clock.first_flag().unwrap().at_ms, 360_000);
}

#[tokio::test(start_paused = true)]
async fn interval_warnings_are_off_by_default_and_low_time_is_said_once() {
    let (tx, mut said, task) = spawn("90+5", TalkConfig::default(), 64);
    tx.send(Command::Start).await.unwrap();
    // White uses 20 s (70 s left): no warning.
    sleep(Duration::from_millis(20_000)).await;
    tx.send(Command::Press).await.unwrap();
    // Black drops below one minute after 30 s: warned at 50 s.
    sleep(Duration::from_millis(35_000)).await;
    tx.send(Command::Press).await.unwrap();
    // White has 75 s and drops below one minute 15 s later, at 70 s.
    sleep(Duration::from_millis(20_000)).await;
    tx.send(Command::Press).await.unwrap();
    sleep(Duration::from_millis(1_000)).await;
    tx.send(Command::Press).await.unwrap();
    // White again below one minute: no second warning.
    sleep(Duration::from_millis(20_000)).await;
    tx.send(Command::Stop).await.unwrap();
    task.await.unwrap();
    let mut all = Vec::new();
    while let Ok(a) = said.try_recv() {
        all.push((a.at_ms, a.text));
    }
    assert_eq!(
        all,
        vec![
            (50_001, "Warning, Black: less than a minute".to_string()),
            (70_001, "Warning, White: less than a minute".to_string()),
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn a_query_answered_while_a_move_is_entered_does_not_block_input() {
    // A slow speaker: every announcement takes three seconds to say.
    let (tx, mut said, task) = spawn("300+2", TalkConfig::default(), 1);
    let speaker = tokio::spawn(async move {
        let mut spoken = Vec::new();
        while let Some(a) = said.recv().await {
            sleep(Duration::from_millis(3_000)).await;
            spoken.push(a.text);
        }
        spoken
    });
    let origin = Instant::now();
    tx.send(Command::Start).await.unwrap();
    // White is entering a move; after 1 s they ask for their time aloud.
    sleep(Duration::from_millis(1_000)).await;
    tx.send(Command::Ask(Query::Own(White))).await.unwrap();
    // ... and for the opponent's time as text, answered at once.
    let (rtx, rrx) = oneshot::channel();
    tx.send(Command::AskText(Query::Opponent(White), rtx))
        .await
        .unwrap();
    let text = rrx.await.unwrap();
    assert_eq!(text, "Opponent: five minutes");
    assert_eq!(origin.elapsed(), Duration::from_millis(1_000));
    // The move is completed half a second later, while the speaker is
    // still talking: the press counts at 1.5 s, not when speech ends.
    sleep(Duration::from_millis(500)).await;
    let before = Instant::now();
    tx.send(Command::Press).await.unwrap();
    assert_eq!(before.elapsed(), Duration::ZERO);
    let (vtx, vrx) = oneshot::channel();
    tx.send(Command::Show(vtx)).await.unwrap();
    let v = vrx.await.unwrap();
    assert_eq!(v.t, 1_500);
    assert_eq!(v.white_ms, 300_000 - 1_500 + 2_000);
    assert_eq!(v.running, Some(Black));
    // More questions while the speaker is busy: stale ones are dropped,
    // never queued behind the speech.
    for _ in 0..5 {
        tx.send(Command::Ask(Query::Moves)).await.unwrap();
    }
    assert_eq!(origin.elapsed(), Duration::from_millis(1_500));
    tx.send(Command::Stop).await.unwrap();
    let clock = task.await.unwrap();
    assert_eq!(clock.moves(White), 1);
    let spoken = speaker.await.unwrap();
    assert_eq!(spoken[0], "Your time: four minutes fifty-nine seconds");
    assert!(spoken.len() <= 2, "{spoken:?}");
}

#[tokio::test(start_paused = true)]
async fn arbiter_corrections_reach_the_running_clock() {
    let (tx, _said, task) = spawn("fide-standard", TalkConfig::default(), 8);
    tx.send(Command::Start).await.unwrap();
    sleep(Duration::from_millis(10_000)).await;
    tx.send(Command::Press).await.unwrap();
    tx.send(Command::Arbiter(Box::new(|c, t| {
        c.illegal_move_penalty(Black, t).unwrap();
    })))
    .await
    .unwrap();
    tx.send(Command::Stop).await.unwrap();
    let clock = task.await.unwrap();
    assert_eq!(clock.remaining(White, 10_000), 5_420_000 + 120_000);
    assert_eq!(clock.corrections().len(), 1);
}
