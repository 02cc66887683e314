// mahjong-arbiter web app: the little script of the pages. It keeps the hand being built, posts it,
// and puts in the HTML the server sends back. Every judgement about a hand is the server's (the engine's).
"use strict";

(function () {
  const TOKEN_HEADER = "X-Arbiter-Token";
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  // --- the token (when the server is reachable from other machines) -------------------------------
  const params = new URLSearchParams(location.search);
  if (params.get("token")) sessionStorage.setItem("arbiter-token", params.get("token"));
  function headers() {
    const h = { "Content-Type": "application/json" };
    const token = sessionStorage.getItem("arbiter-token");
    if (token) h[TOKEN_HEADER] = token;
    return h;
  }
  async function post(url, body, method) {
    const response = await fetch(url, { method: method || "POST", headers: headers(), body: JSON.stringify(body) });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { status: response.status, data: data };
  }
  function problem(result) {
    if (result.data && result.data.error) {
      const e = result.data.error;
      return typeof e === "string" ? e : e.message;
    }
    return "the server answered " + result.status;
  }

  // --- house rules kept for this browser session --------------------------------------------------
  function house() {
    try { return JSON.parse(sessionStorage.getItem("arbiter-house") || "null"); } catch (e) { return null; }
  }
  function keepHouse(id, text) { sessionStorage.setItem("arbiter-house", JSON.stringify({ id: id, text: text })); }

  // --- the hand page --------------------------------------------------------------------------------
  function handPage() {
    const form = $("#hand-form");
    if (!form) return;
    const text = $("#hand-text");
    let pieces = null;   // null: the text field is the truth; else the pieces the taps built
    let sequence = 0;
    let typingTimer = null;

    const shared = $("#house-text");
    if (shared) {
      const select = $("#f-profile");
      keepHouse(select.value, shared.value);
    }
    const kept = house();
    if (kept) {
      const select = $("#f-profile");
      if (!$$("option", select).some((o) => o.value === kept.id)) {
        const option = document.createElement("option");
        option.value = kept.id;
        option.textContent = kept.id + " (uploaded)";
        select.appendChild(option);
      }
    }

    function state() {
      const data = {
        hand: text.value,
        profile: $("#f-profile").value,
        seat: $("#f-seat").value,
        round: $("#f-round").value,
        honour_order: $("#f-honour_order").value,
        why: $("#f-why").value,
        claim: $("#f-claim").value,
        events: $$('input[name="events"]:checked', form).map((e) => e.value),
        compare: $$('input[name="compare"]:checked', form).map((e) => e.value),
      };
      ["self_drawn", "kong", "last_tile", "last_of_kind"].forEach((f) => { data[f] = $("#f-" + f).checked; });
      ["seen", "depth", "at_least"].forEach((f) => { data[f] = $("#f-" + f).value; });
      const game = params.get("game");
      if (game) data.game = game;
      const h = house();
      if (h && h.id === data.profile) data.house = h.text;
      return data;
    }

    // The parts the server sends again (the pieces, the events, the ruling, the share links) are
    // replaced, which would drop the keyboard focus on the page's body: note where it was and put
    // it back on the same place (the piece now at the same position, or the element of the same id).
    function focusPlace() {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      if (e.closest("#pieces")) return { piece: $$("#pieces button").indexOf(e) };
      return e.id ? { id: e.id } : null;
    }
    function restoreFocus(place) {
      if (!place || (document.activeElement && document.activeElement !== document.body)) return;
      let target = null;
      if (place.piece !== undefined) {
        const buttons = $$("#pieces button");
        target = buttons[Math.min(Math.max(place.piece, 0), buttons.length - 1)] || $("#pieces");
      } else {
        target = document.getElementById(place.id);
      }
      if (target) target.focus();
    }

    async function send(fromTyping) {
      const mine = ++sequence;
      const place = focusPlace();
      const ruling = $("#ruling");
      ruling.setAttribute("aria-busy", "true");  // until the answer to the latest change is drawn
      const result = await post("/ui/update", { form: state(), pieces: fromTyping ? null : pieces });
      if (mine !== sequence) return;  // a newer change is on its way
      ruling.removeAttribute("aria-busy");
      const data = result.data || {};
      if (result.status !== 200) {
        ruling.innerHTML = "";
        $("#hand-error").textContent = problem(result);
        return;
      }
      if (!fromTyping) text.value = data.text;
      pieces = data.pieces;
      $("#pieces").innerHTML = data.pieces_html;
      $("#hand-error").textContent = data.error;
      ruling.innerHTML = data.ruling_html;
      $("#teaching").hidden = !data.teach;
      if (data.teach) teachAll();
      $("#summary").textContent = data.summary;
      $("#share").innerHTML = data.share_html;
      const events = $("#events");
      if (events) events.outerHTML = data.events_html;
      const names = $("#rule-names");
      names.textContent = "";
      data.rules.forEach((n) => { const o = document.createElement("option"); o.value = n; names.appendChild(o); });
      const panel = $(".game-panel");
      if (panel) panel.outerHTML = data.game_html;
      history.replaceState(null, "", "/?" + data.query);
      restoreFocus(place);
    }

    // The teaching panel: how far from winning, and the best hands within reach. Each part is
    // its own request, answered in a worker thread (a search three tiles deep can take seconds):
    // while one is out the part says it is working, and a change meanwhile asks again once it is
    // back (one request per part at a time; the last state wins).
    const teaching = { distance: { busy: false, again: false }, targets: { busy: false, again: false } };
    function workingWords(part) {
      if (part === "distance") return "Measuring how far the hand is from winning";
      const n = Number($("#f-depth").value);
      return "Searching the complete hands within " + n + " new tile" + (n === 1 ? "" : "s");
    }
    async function teachPart(part) {
      const t = teaching[part];
      if (t.busy) {  // a search cannot be stopped once it runs: this state is asked for when it is back
        t.again = true;
        $("#" + part + "-working").firstChild.textContent = workingWords(part) + " (once the search under way ends)… ";
        return;
      }
      t.busy = true;
      t.again = false;
      const box = $("#" + part);
      const status = $("#" + part + "-working");
      status.textContent = workingWords(part) + "… ";
      const clock = document.createElement("span");
      clock.setAttribute("aria-hidden", "true");  // the seconds are for the eye; the status is said once
      status.appendChild(clock);
      const started = Date.now();
      const timer = setInterval(() => { clock.textContent = Math.round((Date.now() - started) / 1000) + " s"; }, 1000);
      box.classList.add("stale");
      box.setAttribute("aria-busy", "true");
      const result = await post("/ui/teach", { form: state(), part: part });
      clearInterval(timer);
      t.busy = false;
      if (t.again) { teachPart(part); return; }  // the hand changed meanwhile: this answer is not its
      status.textContent = "";
      box.classList.remove("stale");
      box.removeAttribute("aria-busy");
      if (result.status === 200) {
        box.innerHTML = result.data.html;
      } else {
        box.innerHTML = '<p class="error" role="alert"></p>';
        $(".error", box).textContent = problem(result);
      }
    }
    function teachAll() { teachPart("distance"); teachPart("targets"); }
    const panel = $("#teaching");
    panel.addEventListener("change", () => send(pieces === null));
    ["#f-seen", "#f-at_least"].forEach((sel) => {
      let timer = null;
      $(sel).addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => send(pieces === null), 400);
      });
    });
    if (!panel.hidden) teachAll();

    function current() {
      return pieces || { standing: [], last: null, melds: [], bonus: [] };
    }
    function changed() { send(false); }

    $("#palette").addEventListener("click", (event) => {
      const button = event.target.closest("button.pal");
      if (!button) return;
      const p = current();
      const tile = button.dataset.tile;
      const mode = $('input[name="add"]:checked', form).value;
      if (button.dataset.bonus === "1") {
        p.bonus.push(tile);
      } else if (mode === "tile") {
        if (p.last) p.standing.push(p.last);
        p.last = tile;
      } else {
        if (mode === "chow" && button.dataset.chow !== "1") {
          $("#hand-error").textContent = "no chow starts at " + tile + ": tap the lowest tile of the chow";
          return;
        }
        const select = mode === "chow" ? $("#claim-tile") : $("#claim-seat");
        const offer = mode === "concealed_kong" || select.value === "" ? null : Number(select.value);
        p.melds.push({ kind: mode, tile: tile, offer: offer });
      }
      pieces = p;
      changed();
    });

    $("#pieces").addEventListener("click", (event) => {
      const button = event.target.closest("button.piece");
      if (!button) return;
      const p = current();
      const kind = button.dataset.piece;
      const i = Number(button.dataset.i);
      const making = $('input[name="tap"]:checked', form).value === "win";
      if (making && kind === "standing") {
        const chosen = p.standing[i];
        p.standing.splice(i, 1);
        if (p.last) p.standing.push(p.last);
        p.last = chosen;
      } else if (kind === "standing") p.standing.splice(i, 1);
      else if (kind === "last") p.last = p.standing.length ? p.standing.pop() : null;
      else if (kind === "meld") p.melds.splice(i, 1);
      else if (kind === "bonus") p.bonus.splice(i, 1);
      pieces = p;
      changed();
    });

    $$('input[name="add"]', form).forEach((radio) => radio.addEventListener("change", () => {
      const chow = $('input[name="add"]:checked', form).value === "chow";
      const concealed = $('input[name="add"]:checked', form).value === "concealed_kong";
      $("#claim-tile-box").hidden = !chow;
      $("#claim-seat-box").hidden = chow || concealed;
    }));
    $("#clear-hand").addEventListener("click", () => {
      pieces = { standing: [], last: null, melds: [], bonus: [] };
      changed();
    });
    text.addEventListener("input", () => {
      pieces = null;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => send(true), 250);
    });
    form.addEventListener("submit", (event) => { event.preventDefault(); send(pieces === null); });
    form.addEventListener("change", (event) => {
      const t = event.target;
      if (t === text || t.name === "add" || t.name === "tap" || t.id === "claim-seat" || t.id === "claim-tile") return;
      if (t.name === "honour_order") pieces = null;  // the text's z digits are read again in the new order
      send(pieces === null);
    });
    ["#f-why", "#f-claim"].forEach((sel) => {
      let timer = null;
      $(sel).addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => send(pieces === null), 400);
      });
    });
    $("#share").addEventListener("click", (event) => {
      if (event.target.id === "copy-link") {
        const link = $("#share-link");
        const url = new URL(link.getAttribute("href"), location.href).href;
        if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => { event.target.textContent = "Copied"; });
      } else if (event.target.id === "print") {
        window.print();
      }
    });
  }

  // --- the profiles page ------------------------------------------------------------------------------
  function profilesPage() {
    const input = $("#house-input");
    if (!input) return;
    const kept = house();
    if (kept && !input.value) input.value = kept.text;
    $("#house-file").addEventListener("change", (event) => {
      const file = event.target.files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.onload = () => { input.value = reader.result; };
      reader.readAsText(file);
    });
    $("#house-check").addEventListener("click", async () => {
      const out = $("#house-result");
      const result = await post("/ui/profile", { text: input.value });
      if (result.status !== 200) { out.innerHTML = ""; out.textContent = problem(result); return; }
      if (!result.data.ok) {
        out.innerHTML = '<p class="error" role="alert"></p>';
        $(".error", out).textContent = result.data.error;
        return;
      }
      keepHouse(result.data.id, input.value);
      out.innerHTML = '<p class="ok"></p>' + result.data.html;
      $(".ok", out).textContent = "The house rules " + result.data.id +
        " load: choose them on the hand page (they stay for this browser session).";
    });
    $("#house-forget").addEventListener("click", () => {
      sessionStorage.removeItem("arbiter-house");
      $("#house-result").textContent = "Forgotten.";
    });
  }

  // --- the game pages -----------------------------------------------------------------------------
  function gamesPage() {
    const form = $("#new-game");
    if (!form) return;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = {
        profile: form.profile.value,
        players: $$('input[name="player"]', form).map((i) => i.value.trim()),
        rounds: Number(form.rounds.value),
      };
      if (form.limit.value) body.limit = Number(form.limit.value);
      if (form.after_east_win.value) body.after_east_win = form.after_east_win.value;
      if (form.after_draw.value) body.after_draw = form.after_draw.value;
      const result = await post("/api/games", body);
      if (result.status !== 200) { $("#new-game-error").textContent = problem(result); return; }
      location.href = "/game/" + result.data.game.id;
    });
  }

  function facts(form) {
    const out = { scores: {}, hands: {}, incidents: [], expected_hand: Number(form.dataset.hand) };
    const winner = form.winner.value;
    out.winner = winner || null;
    if (winner) {
      out.self_drawn = form.self_drawn.checked;
      if (!out.self_drawn && form.discarder.value) out.discarder = form.discarder.value;
    }
    ["E", "S", "W", "N"].forEach((seat) => {
      const score = form["score-" + seat].value.trim();
      if (score !== "") out.scores[seat] = Number(score);
      const hand = form["hand-" + seat].value.trim();
      if (hand) out.hands[seat] = hand;
    });
    if (winner && Object.keys(out.hands).length) {
      const context = {};
      ["kong", "last_tile", "last_of_kind"].forEach((f) => { if (form[f].checked) context[f === "kong" ? "kong_related" : f] = true; });
      const events = $$('input[name="events"]:checked', form).map((e) => e.value);
      if (events.length) context.events = events;
      out.context = context;
    }
    [0, 1].forEach((i) => {
      const kind = form["incident-kind-" + i].value;
      if (!kind) return;
      const incident = { kind: kind, player: form["incident-player-" + i].value,
                         trigger: form["incident-trigger-" + i].value };
      out.incidents.push(incident);
    });
    return out;
  }

  function gamePage() {
    const form = $("#record");
    const undo = $("#undo-hand");
    if (undo) {
      undo.addEventListener("click", async () => {
        const last = undo.dataset.last;
        if (last && !confirm("Undo " + last + "? It leaves the history and the standings.")) return;
        const result = await post("/api/games/" + undo.dataset.game + "/hands/last", null, "DELETE");
        if (result.status !== 200) { $("#undo-error").textContent = problem(result); return; }
        location.reload();
      });
    }
    if (!form) return;
    const game = form.dataset.game;
    $("#preview-hand").addEventListener("click", async () => {
      const result = await post("/ui/game/" + game + "/preview", facts(form));
      const error = result.status === 200 ? result.data.error : problem(result);
      $("#record-error").textContent = error;
      $("#preview").innerHTML = result.status === 200 ? result.data.html : "";
    });
    $("#record-hand").addEventListener("click", async () => {
      const result = await post("/api/games/" + game + "/hands", facts(form));
      if (result.status !== 200) { $("#record-error").textContent = problem(result); return; }
      location.href = "/game/" + game;
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    handPage();
    profilesPage();
    gamesPage();
    gamePage();
  });
})();
