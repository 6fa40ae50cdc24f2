// The jink board: draws what /api/board says, asks /api/solve for the worth of
// every legal card and /api/analyse for the review of the play. No game logic
// lives here: which cards are legal, who wins a trick and what a card is worth
// all come from the server.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

  const state = {
    deal: null,      // the start, as a deal string
    board: null,     // /api/board's answer for the start and the whole line
    line: [],        // every card played (those undone too, for redo)
    at: 0,           // how many of them are on the table
    seat: "",        // the seat asked about ("": the seat to play)
    goal: "",        // the goal asked about ("": the game's own question)
    solved: null,    // {key, answer} of /api/solve for the position shown
    review: null,    // /api/analyse's answer for board.record
    reviewFor: null,
    games: [],
  };
  const lanes = {};
  let busy = 0;

  // -- cards and words ---------------------------------------------------------
  const symbol = (name) => {
    const rank = name.slice(0, -1);
    return (rank === "T" ? "10" : rank) + SUITS[name.slice(-1)];
  };
  const isRed = (name) => "HD".includes(name.slice(-1));
  const withSymbols = (text) =>
    String(text).replace(/\b(10|[2-9TJQKA])([SHDC])\b/g, (_, r, s) => symbol(r + s));
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key.startsWith("data-")) node.setAttribute(key, value);
      else if (key === "text") node.textContent = value;
      else node[key] = value;
    }
    for (const child of children) node.append(child);
    return node;
  };
  const cardSpan = (name) =>
    el("span", { class: "card" + (isRed(name) ? " red" : ""), text: symbol(name) });
  const answerText = (value) => (value === true ? "yes" : value === false ? "no" : "?");
  const answerClass = (value) => (value === true ? "yes" : value === false ? "no" : "unk");
  const tricksText = (exact, atLeast) =>
    exact !== null && exact !== undefined ? String(exact)
      : atLeast !== null && atLeast !== undefined ? "≥" + atLeast : "?";

  // -- talking to the server ---------------------------------------------------
  function setBusy(delta) {
    busy += delta;
    document.body.dataset.busy = busy > 0 ? "yes" : "no";
  }

  // Each lane has one question in flight: a newer one aborts the older (the
  // server then stops its search). Returns null for an answer no longer wanted.
  async function api(lane, path, params) {
    if (lanes[lane]) lanes[lane].abort();
    const controller = (lanes[lane] = new AbortController());
    const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "" && v != null));
    setBusy(1);
    progress();
    try {
      let response;
      try {
        response = await fetch(path + "?" + query, { signal: controller.signal });
      } catch (error) {
        if (error.name === "AbortError") return null;
        throw new Error("the server cannot be reached (is jink serve still running?)");
      }
      let body;
      try {
        body = await response.json();
      } catch (error) {
        if (error.name === "AbortError") return null;
        body = { error: `the server answered ${response.status}` };
      }
      if (lanes[lane] !== controller) return null;
      if (response.status === 409 && body.cancelled) return null;
      if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
      return body;
    } finally {
      if (lanes[lane] === controller) delete lanes[lane];
      setBusy(-1);
      progress();
    }
  }

  function progress() {
    const what = [];
    if (lanes.solve) what.push("solving");
    if (lanes.review) what.push("reviewing the play");
    $("progress").hidden = what.length === 0;
    $("progress-text").textContent = what.join(", ") + "…";
  }

  function say(message) {
    $("message").hidden = !message;
    $("message").textContent = message ? "error: " + withSymbols(message) : "";
  }

  // -- the address: the deal, the play, where we are, the question --------------
  function playText() {
    const plays = state.board ? state.board.plays : [];
    return plays.map((p, i) => (i > 0 && p.trick !== plays[i - 1].trick ? "/" : "") +
      (i > 0 && p.trick === plays[i - 1].trick ? "." : "") + p.card).join("");
  }

  function writeAddress() {
    const pairs = [["deal", state.deal]];
    if (state.line.length) pairs.push(["play", playText()]);
    if (state.at !== state.line.length) pairs.push(["at", String(state.at)]);
    if (state.seat) pairs.push(["seat", state.seat]);
    if (state.goal) pairs.push(["goal", state.goal]);
    const text = pairs.map(([k, v]) => k + "=" + encodeURIComponent(v)
      .replace(/%3A/g, ":").replace(/%2F/g, "/")).join("&");
    history.replaceState(null, "", "#" + text);
  }

  function readAddress() {
    const text = location.hash.slice(1) || location.search.slice(1);
    const q = new URLSearchParams(text);
    return { deal: q.get("deal"), play: q.get("play") || "", at: q.get("at"),
             seat: q.get("seat") || "", goal: q.get("goal") || "" };
  }

  // -- opening a deal and playing ------------------------------------------------
  // The board after ``play`` from ``deal``, or null (what went wrong said).
  async function boardOf(deal, play) {
    let answer;
    try {
      answer = await api("board", "/api/board", { deal, play });
    } catch (error) {
      say(error.message);
      return null;
    }
    if (answer) say("");
    return answer;
  }

  async function open(deal, play = "", at = null, seat = "", goal = "") {
    const answer = await boardOf(deal, play);
    if (!answer) return;
    state.board = answer;
    state.deal = answer.start;
    state.line = answer.plays.map((p) => p.card);
    // A played record given in the deal string (play=) opens at its start, to
    // be stepped through; a play given beside it (a reload) opens at its end.
    const record = !play && state.line.length > 0;
    const wanted = at === null || at === "" ? (record ? 0 : state.line.length) : Number(at);
    state.at = Number.isInteger(wanted) ? Math.max(0, Math.min(wanted, state.line.length))
      : state.line.length;
    state.seat = seat && Number(seat) >= 1 && Number(seat) <= answer.players ? String(seat) : "";
    state.goal = answer.questions.some((q) => q.goal === goal) ? goal : "";
    state.review = null;
    state.reviewFor = null;
    $("deal-input").value = answer.start;
    questionChoices();
    show();
  }

  async function play(card) {
    if (state.at < state.line.length && state.line[state.at] === card) {
      state.at += 1;  // the card of the line already there: a redo
      show();
      return;
    }
    const line = state.line.slice(0, state.at).concat([card]);
    const answer = await boardOf(state.deal, line.join("."));
    if (!answer) return;
    state.board = answer;
    state.line = line;
    state.at = line.length;
    show();
  }

  function go(at) {
    state.at = Math.max(0, Math.min(at, state.line.length));
    show();
  }

  // -- drawing -------------------------------------------------------------------
  function questionChoices() {
    const b = state.board;
    const seat = $("seat");
    seat.replaceChildren(el("option", { value: "", text: "the seat to play" }));
    for (let s = 1; s <= b.players; s++) seat.append(el("option", { value: String(s), text: `seat ${s}` }));
    seat.value = state.seat;
    const goal = $("goal");
    goal.replaceChildren(el("option", { value: "", text: "the game's question" }));
    for (const q of b.questions) goal.append(el("option", { value: q.goal, text: q.label }));
    goal.value = state.goal;
  }

  function step() {
    return state.board.steps[state.at];
  }

  function solveKey() {
    return [step().deal, state.seat, state.goal].join("|");
  }

  function show() {
    $("board").hidden = false;
    writeAddress();
    draw();
    askSolve();
    askReview();
  }

  function draw() {
    const b = state.board;
    const s = step();
    $("title").textContent = "· " + b.title;
    const trump = s.trump ? `${SUIT_NAMES[s.trump]} trumps` : "no trumps yet";
    $("trumps").textContent = trump + (b.turnup ? ` (turned up ${symbol(b.turnup)})` : "");
    $("status").textContent = s.over ? "The deal is over." :
      `Trick ${s.trick_no} of ${b.tricks}: seat ${s.seat_to_play} to play.`;
    $("first").disabled = $("undo").disabled = state.at === 0;
    $("redo").disabled = $("last").disabled = state.at === state.line.length;
    drawTricks();
    drawTable();
    drawAnswers();
    drawRecord();
  }

  function trickStart(k) {
    const steps = state.board.steps;
    for (let i = 0; i <= state.line.length; i++) if (steps[i].trick_no === k && !steps[i].over) return i;
    return null;
  }

  function drawTricks() {
    const nav = $("tricks");
    nav.replaceChildren(el("span", { class: "label", text: "Trick: " }));
    for (let k = 1; k <= state.board.tricks; k++) {
      const at = trickStart(k);
      const button = el("button", { type: "button", text: String(k), disabled: at === null,
                                    "data-trick": String(k) });
      if (!step().over && step().trick_no === k) button.classList.add("current");
      button.addEventListener("click", () => go(at));
      nav.append(button);
    }
  }

  function moves() {
    const solved = state.solved && state.solved.key === solveKey() ? state.solved.answer : null;
    const byCard = {};
    if (solved) for (const m of solved.moves) byCard[m.card] = m;
    return { solved, byCard };
  }

  function drawTable() {
    const b = state.board;
    const s = step();
    const { solved, byCard } = moves();
    const asked = solved ? solved.question.seat : (state.seat ? Number(state.seat) : s.seat_to_play);
    const table = $("table");
    table.replaceChildren();
    for (let seat = 1; seat <= b.players; seat++) {
      const toPlay = seat === s.seat_to_play;
      const panel = el("div", { class: "seat" + (toPlay ? " to-play" : "") + (seat === asked ? " asked" : ""),
                                "data-seat": String(seat) });
      const side = b.sides ? b.sides.find((x) => x.includes(seat)) : null;
      const head = el("h3", {},
        el("span", { class: "name", text: `Seat ${seat}` + (seat === b.players ? " · dealer" : "") }),
        el("span", { class: "won", text: `won ${s.won[seat - 1]}` + (side ? ` · side ${side.join(" & ")}` : "") }));
      const hand = el("div", { class: "hand" });
      for (const card of s.hands[seat - 1]) {
        if (toPlay && s.legal.includes(card)) {
          const m = byCard[card];
          const worth = el("span", { class: "worth", text: m ? tricksText(m.max_tricks, m.max_tricks_at_least) : "…" });
          const button = el("button", { type: "button", class: "c legal", "data-card": card }, cardSpan(card), worth);
          if (m) {
            // Red only for a card that loses a goal another card keeps.
            const someKeep = solved.moves.some((x) => x.achieves === true);
            button.classList.add(m.achieves === true ? "keeps" : m.achieves === null ? "unknown"
              : someKeep ? "loses" : "short");
            button.dataset.worth = worth.textContent;
            button.title = `${symbol(card)}: seat ${solved.question.seat} can then make ${worth.textContent} ` +
              `tricks; ${goalLabel(solved.question.goal)}: ${answerText(m.achieves)}`;
          }
          button.addEventListener("click", () => play(card));
          hand.append(button);
        } else {
          hand.append(el("span", { class: "c" + (toPlay ? " dim" : ""), "data-card": card }, cardSpan(card)));
        }
      }
      if (!s.hands[seat - 1].length) hand.append(el("span", { class: "note", text: "no cards" }));
      panel.append(head, hand);
      table.append(panel);
    }
    table.append(trickPanel());
  }

  function trickPanel() {
    const s = step();
    const panel = el("div", { class: "trick" });
    let cards = s.trick;
    let caption = s.over ? "The deal is over" : `Trick ${s.trick_no}`;
    let winner = null;
    const last = state.at > 0 ? state.board.plays[state.at - 1] : null;
    if (!cards.length && last && last.won_by) {
      // A trick just ended: show it, and who won it, until the next lead.
      cards = state.board.plays.slice(0, state.at).filter((p) => p.trick === last.trick);
      caption = `Trick ${last.trick}: seat ${last.won_by} wins`;
      winner = last.won_by;
    }
    panel.append(el("h3", {}, el("span", { text: caption })));
    for (const p of cards) {
      const played = el("span", { class: "played" + (p.seat === winner ? " winner" : "") }, cardSpan(p.card),
        el("small", { text: `seat ${p.seat}` }));
      panel.append(played);
    }
    if (!cards.length) panel.append(el("span", { text: s.over ? "" : `seat ${s.seat_to_play} to lead` }));
    return panel;
  }

  function goalLabel(name) {
    const q = state.board.questions.find((x) => x.goal === String(name));
    return q ? q.label : String(name);
  }

  function drawAnswers() {
    const { solved } = moves();
    const b = state.board;
    const table = $("verdicts");
    const lineList = $("line");
    if (!solved) {
      table.replaceChildren();
      lineList.replaceChildren();
      $("line-title").textContent = step().over ? "Best play from here" : "Best play from here (solving…)";
      return;
    }
    const named = b.questions.filter((q) => !/^\d+$/.test(q.goal));
    const rows = solved.sides || solved.seats;
    $("verdicts-title").textContent = solved.sides ? "What each side can force" : "What each seat can force";
    // What tricks are worth, where the game prices them (Forty-Five's points,
    // a share of the pool): the fields of a verdict that are not questions.
    const known = new Set(["seat", "seats", "max_tricks", "max_tricks_at_least", "unknown",
                           ...named.map((q) => q.goal)]);
    const worth = rows.length ? Object.keys(rows[0]).filter((k) => !known.has(k)) : [];
    const head = el("tr", {}, el("th", { text: solved.sides ? "Side" : "Seat" }), el("th", { text: "Max tricks" }),
      ...named.map((q) => el("th", { text: q.label })),
      ...worth.map((k) => el("th", { text: k.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()) })));
    table.replaceChildren(head);
    for (const v of rows) {
      const who = solved.sides ? v.seats.join(" & ") : String(v.seat);
      const tr = el("tr", { "data-seat": who }, el("td", { text: who }),
        el("td", { text: tricksText(v.max_tricks, v.max_tricks_at_least) }),
        ...named.map((q) => el("td", { class: answerClass(v[q.goal]), text: answerText(v[q.goal]) })),
        ...worth.map((k) => el("td", { text: v[k] === null || v[k] === undefined ? "?" : String(v[k]) })));
      table.append(tr);
    }
    $("line-title").textContent =
      `Best play from here for seat ${solved.question.seat} (goal: ${goalLabel(solved.question.goal)})`;
    lineList.replaceChildren();
    for (const st of solved.line) {
      const li = el("li", {}, `trick ${st.trick}, seat ${st.seat}: `, cardSpan(st.card),
        el("span", { class: "note", text: " " + withSymbols(st.note) }));
      if (st.why) li.append(el("div", { class: "why", text: "why: " + withSymbols(st.why) }));
      if (st.won_by) li.append(el("div", { class: "note", text: `seat ${st.won_by} wins trick ${st.trick}` }));
      lineList.append(li);
    }
    if (solved.unknown) {
      lineList.append(el("li", { class: "unk", text: "The limit stopped some questions (? and ≥): " +
        "start jink serve with a larger --max-seconds or --max-nodes." }));
    }
  }

  function drawRecord() {
    const list = $("record");
    list.replaceChildren();
    const review = state.review && state.reviewFor === state.board.record ? state.review : null;
    state.board.plays.forEach((p, i) => {
      const card = review ? review.cards[i] : null;
      const notes = card ? card.notes : [];
      const li = el("li", { class: (notes.length ? "slip" : "") + (i >= state.at ? " ahead" : "") +
                                   (i === state.at - 1 ? " current" : ""), "data-index": String(i) },
        `trick ${p.trick}, seat ${p.seat}: `, cardSpan(p.card));
      for (const note of notes) li.append(el("span", { class: "note", text: " " + withSymbols(note) }));
      if (p.won_by) li.append(el("span", { class: "note", text: ` (seat ${p.won_by} wins the trick)` }));
      li.addEventListener("click", () => go(i + 1));
      list.append(li);
    });
    $("summary").textContent = review ? review.summary.map(withSymbols).join(" ")
      : state.board.plays.length ? "" : "No card played yet: click a legal card of the seat to play.";
    drawAdvice(review);
  }

  function drawAdvice(review) {
    const box = $("advice");
    const card = review && state.at > 0 ? review.cards[state.at - 1] : null;
    if (!card || !card.notes.length) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    box.replaceChildren(el("div", { class: "head", text: `Trick ${card.trick}: seat ${card.seat}'s ${symbol(card.card)}` }));
    for (const note of card.notes) box.append(el("p", { class: "slipnote", text: withSymbols(note) + "." }));
    for (const reason of card.reasons || []) box.append(el("p", { class: "reason", text: withSymbols(reason) }));
  }

  // -- the searches ----------------------------------------------------------------
  async function askSolve() {
    const s = step();
    if (s.over) {
      if (lanes.solve) lanes.solve.abort();
      state.solved = null;
      draw();
      return;
    }
    const key = solveKey();
    if (state.solved && state.solved.key === key) return;
    let answer;
    try {
      answer = await api("solve", "/api/solve", { deal: s.deal, seat: state.seat, goal: state.goal });
    } catch (error) {
      say(error.message);
      return;
    }
    if (!answer || key !== solveKey()) return;
    state.solved = { key, answer };
    draw();
  }

  async function askReview() {
    const record = state.board.record;
    if (!record || record === state.reviewFor) return;
    let answer;
    try {
      answer = await api("review", "/api/analyse", { deal: record });
    } catch (error) {
      say(error.message);
      return;
    }
    if (!answer || record !== state.board.record) return;
    state.review = answer;
    state.reviewFor = record;
    draw();
  }

  // -- the controls ------------------------------------------------------------------
  $("open").addEventListener("submit", (event) => {
    event.preventDefault();
    open($("deal-input").value.trim());
  });
  $("undo").addEventListener("click", () => go(state.at - 1));
  $("redo").addEventListener("click", () => go(state.at + 1));
  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(state.line.length));
  $("seat").addEventListener("change", () => { state.seat = $("seat").value; show(); });
  $("goal").addEventListener("change", () => { state.goal = $("goal").value; show(); });
  $("example").addEventListener("change", () => {
    if ($("example").value) open($("example").value);
    $("example").value = "";
  });
  $("deal-game").addEventListener("change", () => composeGame(true));
  $("deal-players").addEventListener("change", () => composeGame(false));
  $("compose-clear").addEventListener("click", () => composeGame(false));
  $("compose-open").addEventListener("click", () => {
    const deal = composedDeal();
    if (deal) open(deal);
  });
  $("deal-button").addEventListener("click", async () => {
    const c = compose;
    const params = { game: c.game.game, players: String(c.hands.length),
                     options: optionsText().join(","), hands: c.hands.map((h) => h.join(".")).join("/") };
    const turnup = $("deal-turnup").value.trim();
    if (turnup) params.turnup = turnup;
    else if ($("deal-trump").value && $("deal-trump").value !== "-") params.trump = $("deal-trump").value;
    let answer;
    try {
      answer = await api("deal", "/api/deal", params);
    } catch (error) {
      say(error.message);
      return;
    }
    if (answer) open(answer.deal);
  });
  document.addEventListener("keydown", (event) => {
    if (!state.board || event.target.closest("input, select, textarea")) return;
    const moves = { ArrowLeft: state.at - 1, ArrowRight: state.at + 1, Home: 0, End: state.line.length };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  });
  window.addEventListener("hashchange", () => {
    const a = readAddress();
    if (a.deal) open(a.deal, a.play, a.at, a.seat, a.goal);
  });

  // -- building a deal: cards clicked into hands ------------------------------------
  // Only the deal string is made here; the server checks it when it is opened.
  const compose = { game: null, hands: [], seat: 0 };

  function composeGame(newGame) {
    const game = state.games.find((g) => g.game === $("deal-game").value);
    const players = $("deal-players");
    if (newGame || !compose.game) {
      players.replaceChildren(...game.players.map((n) => el("option", { value: String(n), text: `${n} seats` })));
      players.value = String(game.players.includes(3) ? 3 : game.players[0]);
      $("deal-options").replaceChildren(...game.options.map((o) => el("label", { title: o.help },
        el("input", { type: "checkbox", checked: o.default, "data-option": o.name, "data-default": String(o.default) }),
        " " + o.name.replace(/_/g, " "))));
    }
    compose.game = game;
    compose.hands = Array.from({ length: Number(players.value) }, () => []);
    compose.seat = 0;
    drawCompose();
  }

  function optionsText() {
    return [...document.querySelectorAll("#deal-options input")]
      .filter((box) => String(box.checked) !== box.dataset.default)
      .map((box) => `${box.dataset.option}=${box.checked}`);
  }

  function holder(card) {
    return compose.hands.findIndex((hand) => hand.includes(card));
  }

  function take(card) {
    const at = holder(card);
    if (at >= 0) compose.hands[at] = compose.hands[at].filter((c) => c !== card);
    if (at === compose.seat) return drawCompose();
    const hand = compose.hands[compose.seat];
    if (hand.length >= compose.game.hand_size) {
      say(`seat ${compose.seat + 1} holds its ${compose.game.hand_size} cards already: choose another seat`);
      return drawCompose();
    }
    say("");
    hand.push(card);
    if (hand.length === compose.game.hand_size) {
      // On to the next seat still short of cards.
      const next = compose.hands.findIndex((h) => h.length < compose.game.hand_size);
      if (next >= 0) compose.seat = next;
    }
    drawCompose();
  }

  function drawCompose() {
    const size = compose.game.hand_size;
    $("deal-seats").replaceChildren(...compose.hands.map((hand, i) => el("label", {},
      el("input", { type: "radio", name: "deal-seat", checked: i === compose.seat,
                    onchange: () => { compose.seat = i; drawCompose(); } }),
      ` seat ${i + 1} (${hand.length}/${size})`)));
    const deck = $("deck");
    deck.replaceChildren();
    for (const suit of "SHDC") {
      const row = el("div", { class: "suit" });
      for (const card of compose.game.deck.filter((c) => c.endsWith(suit))) {
        const at = holder(card);
        const button = el("button", { type: "button", class: at < 0 ? "" : at === compose.seat ? "mine" : "taken",
                                      "data-card": card, onclick: () => take(card) },
          cardSpan(card), el("small", { text: at < 0 ? "" : `seat ${at + 1}` }));
        row.append(button);
      }
      if (row.childElementCount) deck.append(row);
    }
  }

  function composedDeal() {
    const turnup = $("deal-turnup").value.trim();
    const trump = turnup || $("deal-trump").value;
    if (!trump) {
      say("choose the trumps or give the turned-up card (or deal the rest at random, which turns one up)");
      return null;
    }
    const hands = compose.hands.map((hand) => (hand.length ? hand.join(".") : "-")).join(" ");
    return [compose.game.game, trump, "1", hands, ...optionsText()].join(":");
  }

  async function start() {
    setBusy(0);
    let info;
    try {
      const response = await fetch("/api/start");
      info = await response.json();
    } catch (error) {
      say("the server cannot be reached (is jink serve still running?)");
      return;
    }
    state.games = info.games;
    for (const [name, deal] of Object.entries(info.examples)) {
      $("example").append(el("option", { value: deal, text: name }));
    }
    $("deal-game").replaceChildren(...info.games.map((g) => el("option", { value: g.game, text: g.title })));
    composeGame(true);
    const a = readAddress();
    if (a.deal) await open(a.deal, a.play, a.at, a.seat, a.goal);
    else if (info.deal) await open(info.deal, "", info.at);
  }

  window.jinkBoard = state;
  start();
})();
