//! An engine run by `holdfast match`: a shell command line spoken to through the
//! protocol of docs/engine.md, with a deadline on every command and its answer (a
//! thread writes the engine's input and another reads its lines, so an engine that
//! stops reading or stops answering never holds the match up).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::engine::MAX_LINE;

/// Why an engine lost a game without the rules deciding it.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// It ended, or closed its output.
    Crashed,
    /// No answer in time.
    TimedOut(u64),
    /// It did not take a command in time: it stopped reading its input.
    NotReading(u64),
    /// An answer the protocol does not allow, or an error for a command that was fine.
    Protocol(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crashed => f.write_str("crashed (its output closed)"),
            Failure::TimedOut(ms) => write!(f, "timed out (no answer in {ms} ms)"),
            Failure::NotReading(ms) => {
                write!(f, "timed out (it read no command in {ms} ms)")
            }
            Failure::Protocol(what) => write!(f, "broke the protocol: {what}"),
        }
    }
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq)]
pub struct Go {
    pub entry: String,
    /// The `info` line's chance, when it gave a number.
    pub chance: Option<f64>,
    pub ms: f64,
}

/// A running engine.
pub struct Client {
    child: Child,
    /// Lines for the thread that writes the engine's input, which answers each on
    /// `written`: `true` once written, `false` when the input is closed.
    commands: Sender<String>,
    written: Receiver<bool>,
    lines: Receiver<String>,
    /// The name the handshake gave (`id name ...`).
    pub name: String,
    /// Whether it failed, so it is started again before the next game.
    pub broken: bool,
}

impl Client {
    /// Starts `command` with `sh -c` and shakes hands within `timeout`.
    pub fn start(command: &str, timeout: Duration) -> Result<Client, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {command:?}: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("cannot talk to {command:?}"));
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match (&mut r).take(MAX_LINE as u64).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        // A write to an engine that stops reading blocks once the pipe is full: it
        // blocks this thread, not the match.
        let (commands, to_write) = channel::<String>();
        let (done, written) = channel();
        std::thread::spawn(move || {
            let mut stdin = stdin;
            for line in to_write {
                let ok = writeln!(stdin, "{line}")
                    .and_then(|_| stdin.flush())
                    .is_ok();
                if done.send(ok).is_err() || !ok {
                    break;
                }
            }
        });
        let mut c = Client {
            child,
            commands,
            written,
            lines,
            name: String::new(),
            broken: false,
        };
        let said = c.ask("holdfast", timeout, |l| l == "ok");
        let said = said.map_err(|e| format!("{command:?} did not shake hands: {e}"))?;
        for l in said {
            if let Some(name) = l.strip_prefix("id name ") {
                c.name = name.trim().to_string();
            }
        }
        Ok(c)
    }

    /// Sends `line` and reads lines until one that `last` accepts or an `error`
    /// line (a failure), the line written and the answer read within `timeout`;
    /// returns the lines read. After a failure the engine is `broken`.
    fn ask(
        &mut self,
        line: &str,
        timeout: Duration,
        last: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, Failure> {
        let result = (|| {
            let deadline = Instant::now() + timeout;
            self.commands
                .send(line.to_string())
                .map_err(|_| Failure::Crashed)?;
            match self.written.recv_timeout(timeout) {
                Ok(true) => {}
                Ok(false) | Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Failure::NotReading(timeout.as_millis() as u64))
                }
            }
            let mut said = Vec::new();
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                let l = match self.lines.recv_timeout(left) {
                    Ok(l) => l,
                    Err(RecvTimeoutError::Timeout) => {
                        return Err(Failure::TimedOut(timeout.as_millis() as u64))
                    }
                    Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
                };
                if l.starts_with("error") {
                    return Err(Failure::Protocol(format!("answered {line:?} with {l:?}")));
                }
                let done = last(&l);
                said.push(l);
                if done {
                    return Ok(said);
                }
            }
        })();
        self.broken |= result.is_err();
        result
    }

    /// A command answered by `ok`.
    pub fn tell(&mut self, line: &str, timeout: Duration) -> Result<(), Failure> {
        self.ask(line, timeout, |l| l == "ok").map(|_| ())
    }

    /// `go` with the budget's words; the answer's entry, chance and time.
    pub fn go(&mut self, budget: &str, timeout: Duration) -> Result<Go, Failure> {
        let t0 = Instant::now();
        let line = format!("go {budget}");
        let said = self.ask(line.trim(), timeout, |l| l.starts_with("bestmove"))?;
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let mut go = Go {
            entry: String::new(),
            chance: None,
            ms,
        };
        for l in &said {
            if let Some(rest) = l.strip_prefix("info ") {
                let mut w = rest.split_whitespace();
                while let Some(k) = w.next() {
                    if k == "chance" {
                        go.chance = w.next().and_then(|c| c.parse().ok());
                    }
                }
            } else if let Some(entry) = l.strip_prefix("bestmove") {
                go.entry = entry.trim().to_string();
            }
        }
        if go.entry.is_empty() {
            self.broken = true;
            return Err(Failure::Protocol("an empty bestmove".into()));
        }
        Ok(go)
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // Through the writer, so that an engine that reads no more cannot block this.
        let _ = self.commands.send("quit".into());
        // A moment to leave by itself, then an end to it.
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
