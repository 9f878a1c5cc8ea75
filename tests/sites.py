"""Web pages of our own, each set in the chrome a documentation generator prints around
its content, written for these tests in our own words and markup.

A page's content is a list of nodes, rendered in each generator's way (its heading
permalinks, its list items wrapped in paragraphs, its table classes); a skin wraps it in
that generator's chrome: site header, navigation, sidebars, contents, breadcrumbs, edit
links, the build's "last updated" line, footer. The skins imitate the structure of pages
made by MkDocs with the Material theme, Sphinx with the Read the Docs theme, Docusaurus,
Asciidoctor, a Hugo blog theme and a GitBook reader; `bare` is the content alone. Every
skin must give the sections `bare` gives, and every word of the content must be in them.

Nodes: ("h", level, text), ("p", html), ("ul" | "ol", [item]) where an item is html or
(html, ("ul" | "ol", [item])), ("dl", [([terms], [definitions])]), ("table", header cells
or None, rows); a cell is its html, or (html, colspan, rowspan).
"""
from __future__ import annotations

import html as _html
import re

SITE = "Emberfall Guild"  # the site's name, which only its chrome prints
BUILT = "2025-05-10 19:11:39 UTC"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", _plain(text).lower()).strip("-")


def _plain(text: str) -> str:
    return _html.unescape(re.sub("<[^>]+>", "", text))


# ---------------------------------------------------------------- content

def _faction(name: str, cards: list[str]) -> list[tuple]:
    return [("h", 3, name)] + ([("ul", cards)] if cards else [])


BAN_LIST = [
    ("h", 1, "Ban and Restricted List"),
    ("p", "Cards on this list may not be played in sanctioned events, or only one of them "
          "per deck where the list says restricted."),
    ("h", 2, "Open Format"),
    *_faction("Ashen Court", ["Cinder Hound", "Emberwing Drake", "The Smoldering Throne"]),
    *_faction("Tidewatch", ["Salt Oracle"]),  # a heading with one card
    *_faction("Waning Hostilities", []),  # an empty heading, then the next heading
    *_faction("Verdant Pact", ["Bramble Wall", "Thornback Elk"]),
    ("h", 2, "Duel Format"),  # the same factions again, under a second format
    *_faction("Ashen Court", ["Cinder Hound"]),
    *_faction("Tidewatch", ["Salt Oracle", "Drowned Bell"]),
    *_faction("Waning Hostilities", ["Truce Banner"]),
    *_faction("Verdant Pact", ["Bramble Wall"]),
]
NESTED_LISTS = [
    ("h", 1, "Deck Building"),
    ("h", 2, "Construction"),
    ("p", "A legal deck follows every rule below."),
    ("ul", ["Forty cards or more",
            ("No more than three copies of a card", ("ul", [
                ("Except basic shores", ("ul", ["of any name", "in any number"])),
                "Except cards that say otherwise"])),
            "Exactly one captain"]),
    ("h", 2, "Before the First Round"),
    ("ol", ["Shuffle your deck",
            ("Draw seven cards", ("ol", ["Once per game, you may draw again",
                                         "Put the cards you kept face down"])),
            "Reveal your captain"]),
]
DEFINITIONS = [
    ("h", 1, "Keywords"),
    ("p", "Each keyword stands for a longer ability printed in the rules."),
    ("dl", [(["Ambush"], ["May be played during an opponent's turn."]),
            (["Burn"], ["Deals one damage at the end of the turn.",
                        "Two instances deal two damage."]),
            (["Cleave", "Cleaving"], ["Damage spreads to the next card in the row."]),
            (["Drift"], ["Moves to an empty space after attacking."])]),
]
TABLES = [
    ("h", 1, "Reference Tables"),
    ("h", 2, "Tokens"),
    ("table", ["Token", "Power", "Notes"], [
        ["Wisp", "1", "Flies away at dusk."],
        [("Golem of the Deep Quarry", 2, 1), "Cannot move."],
        [("Imp", 1, 2), "2", "Laughs at the first attack."],
        ["3", "Only in the older printing."]]),
    ("h", 2, "Costs"),
    ("table", None, [
        ["Wisp", "One coin and a feather."],
        ["Golem", "<p>Two stones.</p><p>And a chant sung backwards.</p>"]]),
]
RUN_IN = [
    ("h", 1, "Tournament Roles"),
    ("p", "Every sanctioned event names the people below before its first round."),
    ("p", "<strong>Head Judge:</strong> rules on disputes, and has the last word."),
    ("p", "<strong>Organizer</strong> finds the room and keeps the clock."),
    ("p", "<b>Scorekeeper.</b> Records the result of every match."),
    ("h", 2, "Penalties"),
    ("p", "<strong>Warning</strong> The player is told, and play goes on."),
    ("p", "<strong>Game Loss</strong> The player loses the current game."),
    ("p", "<strong>Removal</strong> The player leaves the event."),
]
PAGES = {"ban list": BAN_LIST, "nested lists": NESTED_LISTS, "definition lists": DEFINITIONS,
         "tables": TABLES, "run-in labels": RUN_IN}


# ---------------------------------------------------------------- markup

class Flavor:
    """How a generator writes the content's markup; the plain way by default."""

    def heading(self, level: int, text: str) -> str:
        return f"<h{level} id='{_slug(text)}'>{text}</h{level}>"

    def para(self, inline: str) -> str:
        return f"<p>{inline}</p>"

    def item(self, inline: str) -> str:
        return inline

    def lists(self, tag: str, items: list) -> str:
        out = []
        for it in items:
            if isinstance(it, tuple):
                out.append(f"<li>{self.item(it[0])}{self.lists(*it[1])}</li>")
            else:
                out.append(f"<li>{self.item(it)}</li>")
        return f"<{tag}>{''.join(out)}</{tag}>"

    def dl(self, entries: list) -> str:
        return "<dl>" + "".join("".join(f"<dt>{t}</dt>" for t in terms) + "".join(
            f"<dd>{self.item(d)}</dd>" for d in defs) for terms, defs in entries) + "</dl>"

    def cell(self, tag: str, cell) -> str:
        text, cols, rows = cell if isinstance(cell, tuple) else (cell, 1, 1)
        spans = (f" colspan='{cols}'" if cols > 1 else "") \
            + (f" rowspan='{rows}'" if rows > 1 else "")
        return f"<{tag}{spans}>{self.item(text) if not text.startswith('<p>') else text}</{tag}>"

    def table(self, head, rows) -> str:
        out = ["<table>"]
        if head:
            out.append("<thead><tr>" + "".join(self.cell("th", c) for c in head) + "</tr></thead>")
        out.append("<tbody>" + "".join("<tr>" + "".join(self.cell("td", c) for c in row)
                                       + "</tr>" for row in rows) + "</tbody></table>")
        return "".join(out)

    def node(self, node: tuple) -> str:
        kind = node[0]
        if kind == "h":
            return self.heading(node[1], node[2])
        if kind == "p":
            return self.para(node[1])
        if kind in ("ul", "ol"):
            return self.lists(kind, node[1])
        if kind == "dl":
            return self.dl(node[1])
        return self.table(node[1], node[2])

    def content(self, nodes: list[tuple]) -> str:
        return "\n".join(self.node(n) for n in nodes)


class Material(Flavor):
    """Headings carry a permalink mark after their text."""

    def heading(self, level, text):
        slug = _slug(text)
        return (f"<h{level} id='{slug}'>{text}<a class='headerlink' href='#{slug}' "
                f"title='Permanent link'>&para;</a></h{level}>")


class Sphinx(Flavor):
    """Sections nest in <section>; list items, definitions and cells wrap their text in
    paragraphs; headings carry a permalink mark."""

    def heading(self, level, text):
        slug = _slug(text)
        return (f"<h{level}>{text}<a class='headerlink' href='#{slug}' "
                f"title='Link to this heading'>\u00b6</a></h{level}>")

    def item(self, inline):
        return f"<p>{inline}</p>"

    def content(self, nodes):
        out, depth = [], 0
        for node in nodes:
            if node[0] == "h":
                while depth >= node[1]:
                    out.append("</section>")
                    depth -= 1
                out.append(f"<section id='{_slug(node[2])}'>")
                depth = node[1]
            out.append(self.node(node))
        return "\n".join(out + ["</section>"] * depth)


class Docusaurus(Flavor):
    """Headings carry an anchor that holds only a zero-width space; the first heading
    sits in the article's own <header>."""

    def heading(self, level, text):
        slug = _slug(text)
        inner = (f"<h{level} class='anchor anchorWithStickyNavbar' id='{slug}'>{text}"
                 f"<a href='#{slug}' class='hash-link' aria-label='Direct link to {_plain(text)}'"
                 f" title='Direct link to {_plain(text)}'>\u200b</a></h{level}>")
        return f"<header>{inner}</header>" if level == 1 else inner


class Asciidoctor(Flavor):
    """Blocks wrapped in divs named for their kind; sections in div.sectN with a body."""

    def heading(self, level, text):
        slug = "_" + _slug(text).replace("-", "_")
        return f"<h{level} id='{slug}'><a class='anchor' href='#{slug}'></a>{text}</h{level}>"

    def para(self, inline):
        return f"<div class='paragraph'><p>{inline}</p></div>"

    def item(self, inline):
        return f"<p>{inline}</p>"

    def lists(self, tag, items):
        return f"<div class='{'u' if tag == 'ul' else 'o'}list'>{super().lists(tag, items)}</div>"

    def dl(self, entries):
        return "<div class='dlist'><dl>" + "".join("".join(
            f"<dt class='hdlist1'>{t}</dt>" for t in terms) + "".join(
            f"<dd>{self.item(d)}</dd>" for d in defs) for terms, defs in entries) + "</dl></div>"

    def table(self, head, rows):
        return super().table(head, rows).replace("<table>", "<table class='tableblock frame-all "
                                                 "grid-all stretch'>")

    def content(self, nodes):
        out, open_ = [], 0
        for node in nodes:
            if node[0] == "h" and node[1] >= 2:
                while open_ >= node[1]:
                    out.append("</div></div>")
                    open_ -= 1
                out.append(f"<div class='sect{node[1] - 1}'>")
                out.append(self.node(node) + "<div class='sectionbody'>")
                open_ = node[1]
                continue
            out.append(self.node(node))
        return "\n".join(out + ["</div></div>"] * max(open_ - 1, 0))


# ---------------------------------------------------------------- skins

def _toc(nodes, cls="") -> str:
    return f"<ul class='{cls}'>" + "".join(
        f"<li><a href='#{_slug(n[2])}'>{n[2]}</a></li>" for n in nodes
        if n[0] == "h" and n[1] >= 2) + "</ul>"


def _title(nodes) -> str:
    return next(_plain(n[2]) for n in nodes if n[0] == "h")


def _page(title: str, body: str, head: str = "") -> str:
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{title} - {SITE}</title>{head}</head><body>{body}</body></html>")


def bare(nodes, built: str = BUILT) -> str:
    return _page(_title(nodes), Flavor().content(nodes))


def material(nodes, built: str = BUILT) -> str:
    title = _title(nodes)
    body = f"""
<input class='md-toggle' type='checkbox' id='__drawer'><label class='md-overlay' for='__drawer'>
</label>
<div data-md-component='skip'><a href='#top' class='md-skip'>Skip to content</a></div>
<header class='md-header' data-md-component='header'><nav class='md-header__inner md-grid'
 aria-label='Header'><a href='/' class='md-header__button md-logo'>{SITE} Rules</a>
<div class='md-header__title'><span class='md-ellipsis'>{title}</span></div>
<label class='md-header__button md-icon' for='__search'></label></nav></header>
<div class='md-container' data-md-component='container'>
<main class='md-main' data-md-component='main'><div class='md-main__inner md-grid'>
<div class='md-sidebar md-sidebar--primary' data-md-type='navigation'>
<div class='md-sidebar__scrollwrap'>
<nav class='md-nav md-nav--primary' aria-label='Navigation'><label class='md-nav__title'
 for='__drawer'>{SITE} Rules</label><ul class='md-nav__list'><li class='md-nav__item'>
<a href='/' class='md-nav__link'>Home</a></li><li class='md-nav__item'><a href='/rules/'
 class='md-nav__link'>Core Rules</a></li></ul></nav></div></div>
<div class='md-sidebar md-sidebar--secondary' data-md-type='toc'>
<div class='md-sidebar__scrollwrap'>
<nav class='md-nav md-nav--secondary' aria-label='Table of contents'><label class='md-nav__title'
 for='__toc'>Table of contents</label>{_toc(nodes, 'md-nav__list')}</nav></div></div>
<div class='md-content' data-md-component='content'><article class='md-content__inner md-typeset'>
<a href='https://example.org/edit/page.md' title='Edit this page'
 class='md-content__button md-icon'>
<svg viewBox='0 0 24 24'><path d='M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z'></path></svg></a>
{Material().content(nodes)}
<aside class='md-source-file'><span class='md-source-file__fact'><span class='md-icon'
 title='Last update'></span>{built}</span></aside>
</article></div></div></main>
<footer class='md-footer'><nav class='md-footer__inner md-grid' aria-label='Footer'>
<a href='/rules/' class='md-footer__link md-footer__link--prev'><div class='md-footer__title'>
<span class='md-footer__direction'>Previous</span><div class='md-ellipsis'>Core Rules</div></div>
</a></nav>
<div class='md-footer-meta md-typeset'><div class='md-footer-meta__inner md-grid'>
<div class='md-copyright'><div class='md-copyright__highlight'>Copyright 2025 {SITE}</div>
Made with <a href='https://example.org/material/'>Material for MkDocs</a></div></div></div></footer>
</div>"""
    return _page(title, body)


def sphinx(nodes, built: str = BUILT) -> str:
    title = _title(nodes)
    body = f"""
<div class='wy-grid-for-nav'>
<nav data-toggle='wy-nav-shift' class='wy-nav-side'><div class='wy-side-scroll'>
<div class='wy-side-nav-search'><a href='index.html' class='icon icon-home'>{SITE} Rules</a>
<div role='search'><form id='rtd-search-form' class='wy-form' action='search.html' method='get'>
<input type='text' name='q' placeholder='Search docs'></form></div></div>
<div class='wy-menu wy-menu-vertical' data-spy='affix' role='navigation'
 aria-label='Navigation menu'>
<p class='caption' role='heading'><span class='caption-text'>Rules:</span></p>
<ul class='current'><li class='toctree-l1'><a class='reference internal' href='core.html'>Core
Rules</a></li><li class='toctree-l1 current'>
<a class='current reference internal' href='#'>{title}</a>
{_toc(nodes)}</li></ul></div></div></nav>
<section data-toggle='wy-nav-shift' class='wy-nav-content-wrap'>
<nav class='wy-nav-top' aria-label='Mobile navigation menu'><i data-toggle='wy-nav-top'
 class='fa fa-bars'></i><a href='index.html'>{SITE} Rules</a></nav>
<div class='wy-nav-content'><div class='rst-content'>
<div role='navigation' aria-label='Page navigation'><ul class='wy-breadcrumbs'>
<li><a href='index.html' class='icon icon-home' aria-label='Home'></a></li>
<li class='breadcrumb-item active'>{title}</li><li class='wy-breadcrumbs-aside'>
<a href='_sources/page.rst.txt' rel='nofollow'>View page source</a></li></ul><hr></div>
<div role='main' class='document' itemscope='itemscope' itemtype='http://schema.org/Article'>
<div itemprop='articleBody'>
{Sphinx().content(nodes)}
</div></div>
<footer><div class='rst-footer-buttons' role='navigation' aria-label='Footer'>
<a href='core.html' class='btn btn-neutral float-left' title='Core Rules' accesskey='p'
 rel='prev'><span class='fa fa-arrow-circle-left' aria-hidden='true'></span> Previous</a></div>
<hr><div role='contentinfo'><p>&#169; Copyright 2025, {SITE}.
<span class='lastupdated'>Last updated on {built}.</span></p></div>
Built with <a href='https://example.org/sphinx/'>Sphinx</a> using a
<a href='https://example.org/theme/'>theme</a> provided by <a href='https://example.org/rtd/'>Read
the Docs</a>.</footer></div></div></section></div>"""
    return _page(title, body)


def docusaurus(nodes, built: str = BUILT) -> str:
    title = _title(nodes)
    body = f"""
<div id='__docusaurus'><div role='region' aria-label='Skip to main content'>
<a class='skipToContent_fXgn' href='#__docusaurus_skipToContent_fallback'>Skip to main content</a>
</div>
<nav aria-label='Main' class='navbar navbar--fixed-top'><div class='navbar__inner'>
<div class='navbar__items'><a class='navbar__brand' href='/'>
<b class='navbar__title text--truncate'>{SITE}</b></a>
<a class='navbar__item navbar__link' href='/docs/rules'>Rules</a></div>
<div class='navbar__items navbar__items--right'><div class='navbarSearchContainer'>
<button type='button' class='DocSearch DocSearch-Button' aria-label='Search'>
<span class='DocSearch-Button-Placeholder'>Search</span></button></div></div></div></nav>
<div id='__docusaurus_skipToContent_fallback' class='main-wrapper mainWrapper_z2l0'>
<div class='docsWrapper_hBAB'>
<button aria-label='Scroll back to top' class='clean-btn theme-back-to-top-button' type='button'>
</button>
<div class='docRoot_UBD9'><aside class='theme-doc-sidebar-container docSidebarContainer_YfHR'>
<nav aria-label='Docs sidebar' class='menu thin-scrollbar'>
<ul class='theme-doc-sidebar-menu menu__list'>
<li class='menu__list-item'><a class='menu__link' href='/docs/rules'>Core Rules</a></li>
<li class='menu__list-item'><a class='menu__link menu__link--active' href='#'>{title}</a></li>
</ul></nav></aside>
<main class='docMainContainer_TBSr'><div class='container padding-top--md padding-bottom--lg'>
<div class='row'><div class='col docItemCol_VOVn'><div class='docItemContainer_Djhp'><article>
<nav class='theme-doc-breadcrumbs breadcrumbsContainer_Z_bl' aria-label='Breadcrumbs'>
<ul class='breadcrumbs'><li class='breadcrumbs__item'>
<a aria-label='Home page' class='breadcrumbs__link' href='/'>Home</a></li>
<li class='breadcrumbs__item breadcrumbs__item--active'>
<span class='breadcrumbs__link'>{title}</span></li></ul></nav>
<div class='tocCollapsible_ETCw theme-doc-toc-mobile tocMobile_ITEo'><button type='button'
 class='clean-btn tocCollapsibleButton_TO0P'>On this page</button></div>
<div class='theme-doc-markdown markdown'>
{Docusaurus().content(nodes)}
</div>
<footer class='theme-doc-footer docusaurus-mt-lg'><div class='theme-doc-footer-edit-meta-row row'>
<div class='col'><a href='https://example.org/edit/page.md' target='_blank'
 rel='noopener noreferrer'
 class='theme-edit-this-page'>Edit this page</a></div><div class='col lastUpdated_JAkA'>
<span class='theme-last-updated'>Last updated on <b><time datetime='{built}'>{built}</time></b>
</span></div></div></footer>
</article><nav class='pagination-nav docusaurus-mt-lg' aria-label='Docs pages'>
<a class='pagination-nav__link pagination-nav__link--prev' href='/docs/rules'>
<div class='pagination-nav__sublabel'>Previous</div>
<div class='pagination-nav__label'>Core Rules</div></a></nav>
</div></div><div class='col col--3'>
<div class='tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop'>
{_toc(nodes, 'table-of-contents table-of-contents__left-border')}</div></div></div></div></main>
</div></div>
<footer class='footer footer--dark'><div class='container container-fluid'>
<div class='row footer__links'><div class='col footer__col'>
<div class='footer__title'>Community</div>
<ul class='footer__items clean-list'><li class='footer__item'><a href='https://example.org/forum'
 class='footer__link-item'>Forum</a></li></ul></div></div>
<div class='footer__bottom text--center'>
<div class='footer__copyright'>Copyright &#169; 2025 {SITE}.
Built with Docusaurus.</div></div></div></footer></div></div>"""
    return _page(title, body)


def asciidoctor(nodes, built: str = BUILT) -> str:
    title = _title(nodes)
    toc = "".join(f"<li><a href='#_{_slug(n[2]).replace('-', '_')}'>{n[2]}</a></li>"
                  for n in nodes if n[0] == "h" and n[1] == 2)
    body = f"""
<div id='header'><h1>{title}</h1>
<div class='details'><span id='author' class='author'>{SITE} Rules Team</span><br></div>
<div id='toc' class='toc2'><div id='toctitle'>Table of Contents</div>
<ul class='sectlevel1'>{toc}</ul></div></div>
<div id='content'>
{Asciidoctor().content(nodes[1:])}
</div>
<div id='footer'><div id='footer-text'>Last updated {built}</div></div>"""
    return _page(title, body, head="<meta name='generator' content='Asciidoctor 2.0.20'>")


def hugo(nodes, built: str = BUILT) -> str:
    """A theme whose article opens with a header (the title, a date line) and closes
    with the build's lines in a plain paragraph, inside the content."""
    title = _title(nodes)
    body = f"""
<header class='site-header'><a class='site-title' href='/'>{SITE}</a>
<ul class='site-links'><li><a href='/rules/'>Rules</a></li><li><a href='/about/'>About</a></li>
</ul></header>
<main class='main'><article class='post'>
<header class='post-header'><h1 class='post-title'>{title}</h1>
<p class='post-meta'>Posted on 2025-04-30</p></header>
<div class='post-content'>{Flavor().content(nodes[1:])}</div>
<p class='post-built'><small>Last modified {built}. Generated by Hugo.</small></p>
</article></main>
<footer class='site-footer'><p>Copyright 2025 {SITE}</p></footer>"""
    return _page(title, body)


def gitbook(nodes, built: str = BUILT) -> str:
    """A book reader: a summary of its pages beside the page, which shares its main
    part with the search's (empty) result headings, and a footer of its own."""
    title = _title(nodes)
    body = f"""
<div class='book'><div class='book-summary'><div id='book-search-input' role='search'>
<input type='text' placeholder='Type to search'></div><nav role='navigation'><ul class='summary'>
<li class='chapter'><a href='../rules/'>Core Rules</a></li><li class='chapter active'>
<a href='./'>{title}</a></li></ul></nav></div>
<div class='book-body'><div class='body-inner'><div class='book-header' role='navigation'>
<a href='#' class='btn pull-left'></a><h1><a href='..'>{title}</a></h1></div>
<div class='page-wrapper' tabindex='-1' role='main'><div class='page-inner'>
<div id='book-search-results'><div class='search-noresults'>
<section class='normal markdown-section'>{Flavor().content(nodes)}
<footer class='page-footer'><span class='copyright'>{SITE}</span>
<span class='footer-modification'>Last modified {built}</span></footer></section></div>
<div class='search-results'><div class='has-results'><h1 class='search-results-title'>
<span class='search-results-count'></span> results matching "<span class='search-query'>
</span>"</h1>
<ul class='search-results-list'></ul></div><div class='no-results'>
<h1 class='search-results-title'>No results matching "<span class='search-query'></span>"</h1>
</div></div></div></div></div></div></div></div>"""
    return _page(title, body)


SKINS = {"bare": bare, "material": material, "sphinx": sphinx, "docusaurus": docusaurus,
         "asciidoctor": asciidoctor, "hugo": hugo, "gitbook": gitbook}
CHROME_WORDS = ("Emberfall", "Guild", "Edit", "Previous", "Copyright", "Built", "Made",
                "Skip", "updated", "modified", "Search", "matching", "Generated",
                "Posted")  # words only the chrome prints
